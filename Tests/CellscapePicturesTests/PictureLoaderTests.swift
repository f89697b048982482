import CellscapeFixtures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// The thumbnail memory's bound, and the loader's workers: headers first, thumbnails by priority,
/// unwanted work dropped, bad pictures named, results waking a poll.
@Suite struct PictureLoaderTests {
    @Test func theMemoryStaysWithinItsBoundThroughAScrollOf2000Pictures() {
        let thumbnail = { Framebuffer(width: 64, height: 48).finished() }
        let cost = 64 * 48 * 4
        var memory = ThumbnailMemory(capacity: 100 * cost)
        for index in 0..<2_000 {
            // A screen of 30 tiles, asked for again as it scrolls down a tile at a time.
            for visible in index..<(index + 30) where memory.thumbnail(for: PictureID(visible)) == nil {
                memory.insert(thumbnail(), for: PictureID(visible))
            }
            #expect(memory.bytes <= memory.capacity)
        }
        #expect(memory.count == 100 && memory.bytes == 100 * cost)
        // The most recently used stay: the last screen, and the tiles just above it.
        #expect(
            (1_999..<2_029).allSatisfy { memory.contains(PictureID($0)) } && memory.contains(PictureID(1_930))
                && !memory.contains(PictureID(1_928)))
        memory.insert(Framebuffer(width: 1000, height: 1000).finished(), for: PictureID(5))
        #expect(!memory.contains(PictureID(5)), "a thumbnail larger than the bound is not kept")
    }

    /// A folder of `count` small pictures (PNG and JPEG) and a broken one at the end.
    static func folder(count: Int) throws -> (root: String, paths: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-loader-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<count {
            let frame = FixturePictures.pattern(width: 90 + index, height: 60)
            let path = "\(root)/p\(index).\(index % 2 == 0 ? "png" : "jpg")"
            let bytes = try #require(index % 2 == 0 ? PictureEncoder.png(frame) : FixturePictures.jpeg(frame))
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            paths.append(path)
        }
        _ = FileManager.default.createFile(atPath: "\(root)/broken.jpg", contents: Data("not a picture".utf8))
        return (root, paths + ["\(root)/broken.jpg"])
    }

    @Test func headersThenWantedThumbnailsArriveAndWakeThePoll() throws {
        let (root, paths) = try Self.folder(count: 12)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = PictureLoader(paths: paths, threads: 2)
        let headers = loader.waitForResults(count: paths.count, seconds: 10)
        #expect(headers.count == paths.count)
        for case .header(let id, let header, let problem) in headers {
            let index = id.rawValue
            if index == paths.count - 1 {
                #expect(header == nil && problem == .holds("not a picture: it holds text"))
            } else {
                #expect(header?.width == 90 + index && header?.height == 60 && problem == nil)
            }
        }
        loader.isWanted = { id, _ in id.rawValue % 3 != 0 }
        for index in paths.indices { loader.requestThumbnail(PictureID(index), side: 32, priority: index) }
        let wanted = paths.indices.filter { $0 % 3 != 0 }
        let thumbnails = loader.waitForResults(count: wanted.count, seconds: 10)
        var made: [Int] = []
        for case .thumbnail(let id, let side, let picture, let problem) in thumbnails {
            let index = id.rawValue
            made.append(index)
            #expect(side == 32)
            if index == paths.count - 1 {
                #expect(picture == nil && problem != nil)
            } else {
                #expect(picture?.width == 32 && problem == nil)
            }
        }
        #expect(made.sorted() == wanted, "unwanted work is dropped before it starts")
        // A wake may come after its result was taken (the byte follows the result); nothing more comes.
        loader.waitForWake(milliseconds: 100)
        #expect(loader.takeResults().isEmpty, "nothing more: the unwanted work never started")
    }

    @Test func aFilledDiskCacheServesTheNextLoader() throws {
        let (root, paths) = try Self.folder(count: 4)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root + "/cache")
        let pictures = Array(paths.prefix(4))
        let first = PictureLoader(paths: pictures, threads: 1, diskCache: cache)
        _ = first.waitForResults(count: 4, seconds: 10)
        for index in pictures.indices { first.requestThumbnail(PictureID(index), side: 128, priority: index) }
        _ = first.waitForResults(count: 4, seconds: 10)
        let stored = try FileManager.default.contentsOfDirectory(atPath: root + "/cache/normal")
        #expect(stored.count == 4)
        let second = PictureLoader(paths: pictures, threads: 1, diskCache: cache)
        _ = second.waitForResults(count: 4, seconds: 10)
        second.requestThumbnail(PictureID(1), side: 128, priority: 0)
        let results = second.waitForResults(count: 1, seconds: 10)
        guard case .thumbnail(_, _, let picture?, nil) = results.first else {
            Issue.record("no thumbnail")
            return
        }
        #expect(picture.width == 91 && picture.height == 60)
    }

    /// Tiles' thumbnails are handed over before they are stored while more wait, and stored before the
    /// result that empties the queue: once every result is in, so is every file.
    @Test func thumbnailsAreStoredOnceNothingWaitsAndBeforeTheLastResult() throws {
        let (root, paths) = try Self.folder(count: 4)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root + "/cache")
        let loader = PictureLoader(paths: Array(paths.prefix(4)), threads: 1, diskCache: cache, paused: true)
        // Tiles smaller than the pictures (90 px): each shrunk from the standard size it stores.
        for index in 0..<4 { loader.requestThumbnail(PictureID(index), side: 40, priority: index) }
        loader.setPaused(false)
        var thumbnails = 0
        let deadline = Date().addingTimeInterval(30)
        while thumbnails < 4 && Date() < deadline {
            loader.waitForWake(milliseconds: 20)
            thumbnails += loader.takeResults().filter { if case .thumbnail = $0 { true } else { false } }.count
        }
        #expect(thumbnails == 4)
        // The first three went while others waited; the fourth, last, went after all four were stored.
        #expect(
            loader.thumbnailsSavedLater == 3 && loader.thumbnailsUnsaved == 0,
            "\(loader.thumbnailsSavedLater) \(loader.thumbnailsUnsaved)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/cache/normal").count == 4)
    }

    /// A tile first asked for a screen ahead and then seen on screen goes before the headers still to
    /// read; one only ahead goes after them.
    @Test func aRequestAskedAgainTakesTheBetterPriority() throws {
        let (root, paths) = try Self.folder(count: 6)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // More pictures than the headers read before anything else: the same six, listed again.
        let listed = Array((0..<30).flatMap { _ in paths.prefix(6) })
        let first = PictureLoader.firstHeaders
        // Paused from the start: however slow the machine, the requests are in before any job.
        let loader = PictureLoader(paths: listed, threads: 1, paused: true)
        loader.requestThumbnail(PictureID(4), side: 64, priority: PictureLoader.onScreen + 4)
        loader.requestThumbnail(PictureID(5), side: 64, priority: PictureLoader.onScreen + 5)
        loader.requestThumbnail(PictureID(5), side: 64, priority: 5)
        loader.setPaused(false)
        var order: [String] = []
        for result in loader.waitForResults(count: listed.count + 2, seconds: 10) {
            switch result {
            case .header(let id, _, _): order.append("h\(id.rawValue)")
            case .thumbnail(let id, _, _, _): order.append("t\(id.rawValue)")
            case .cacheProblem, .frames, .region, .found: order.append("other")
            }
        }
        // The first headers, then the thumbnail now on screen, then the other headers, then the one ahead.
        let before = order.prefix { $0 != "t5" }
        #expect(order.count == listed.count + 2 && before.count == first && order.last == "t4", "\(order)")
        #expect(before.last == "h\(first - 1)")
    }

    /// A loader let go stops its workers after the job in hand, and they let go of what they share:
    /// at once after it is made (its threads not yet started), and in the middle of work.
    @Test func aLoaderLetGoEndsItsWorkers() throws {
        let (root, paths) = try Self.folder(count: 4)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for busy in [false, true] {
            weak var core: LoaderCore?
            let gone = DispatchSemaphore(value: 0)
            do {
                let loader = PictureLoader(paths: paths, threads: 2)
                core = loader.core
                loader.core.whenGone.withLock { $0 = { gone.signal() } }
                if busy {
                    for index in paths.indices { loader.requestThumbnail(PictureID(index), side: 64, priority: index) }
                    _ = loader.waitForResults(count: 1, seconds: 10)
                }
            }
            // A guard against a hang, not a measure of speed.
            #expect(gone.wait(timeout: .now() + 30) == .success, "busy \(busy): the workers still hold it")
            #expect(core == nil)
        }
    }

    /// Tiles of 320 px (windows 1366 to 1920 px wide) read and write x-large thumbnails, shrunk in
    /// memory: the second loader shows the stored thumbnail, not the file, which changed under the
    /// same modification time.
    @Test func aTileOfAnySideGoesThroughTheStandardSizeAtOrAboveIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-side-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/wide.png"
        let red = Framebuffer(width: 800, height: 600)
        red.fill(Color(red: 220, green: 20, blue: 20))
        _ = FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(red))))
        let cache = ThumbnailCache(root: root + "/cache")
        let thumbnail = { () throws -> PixelImage? in
            let loader = PictureLoader(paths: [path], threads: 1, diskCache: cache)
            _ = loader.waitForResults(count: 1, seconds: 10)
            loader.requestThumbnail(PictureID(0), side: 320, priority: 0)
            guard case .thumbnail(_, _, let picture, _) = loader.waitForResults(count: 1, seconds: 10).first else {
                return nil
            }
            return picture
        }
        let first = try #require(try thumbnail())
        #expect(first.width == 320 && first.height == 240)
        let stored = try #require(
            cache.thumbnail(forFile: path, modified: try PictureFile(path: path).modified, size: .xLarge))
        #expect(stored.width == 512 && stored.height == 384)
        // The file changes to blue, keeping its modification time: the cache still answers.
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
        let blue = Framebuffer(width: 800, height: 600)
        blue.fill(Color(red: 20, green: 20, blue: 220))
        _ = FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(blue))))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        let second = try #require(try thumbnail())
        #expect(second.width == 320 && second.height == 240 && second[10, 10] == red[10, 10])
    }

    @Test func aPictureThatCannotBeDecodedGetsAFailEntry() throws {
        let (root, paths) = try Self.folder(count: 1)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root + "/cache")
        let broken = try #require(paths.last)
        let loader = PictureLoader(paths: [broken], threads: 1, diskCache: cache)
        _ = loader.waitForResults(count: 1, seconds: 10)
        loader.requestThumbnail(PictureID(0), side: 200, priority: 0)
        _ = loader.waitForResults(count: 1, seconds: 10)
        let modified = try PictureFile(path: broken).modified
        #expect(cache.hasFailure(forFile: broken, modified: modified))
        // A later look says why it failed, not only that it did.
        let reason = try #require(cache.failure(forFile: broken, modified: modified))
        #expect(!reason.isEmpty && !reason.contains(broken), "\(reason)")
        let later = PictureLoader(paths: [broken], threads: 1, diskCache: cache)
        _ = later.waitForResults(count: 1, seconds: 10)
        later.requestThumbnail(PictureID(0), side: 200, priority: 0)
        var said: PictureProblem?
        for case .thumbnail(_, _, nil, let problem) in later.waitForResults(count: 1, seconds: 10) { said = problem }
        #expect(said == .recorded(reason) && said?.message(path: broken) == "\(broken): \(reason)")
    }

    /// A file the cache records as failed is not decoded again, by the viewer as by `thumbnails`, until
    /// it changes: a valid picture written under a fail entry of its time shows none until then.
    @Test func aFileRecordedAsFailedIsNotDecodedAgainUntilItChanges() throws {
        let (root, paths) = try Self.folder(count: 1)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root + "/cache")
        let path = paths[0]
        let modified = try PictureFile(path: path).modified
        try cache.recordFailure(forFile: path, modified: modified)
        let problem = { () -> String? in
            let loader = PictureLoader(paths: [path], threads: 1, diskCache: cache)
            _ = loader.waitForResults(count: 1, seconds: 10)
            loader.requestThumbnail(PictureID(0), side: 200, priority: 0)
            for case .thumbnail(_, _, let picture, let problem) in loader.waitForResults(count: 1, seconds: 10) {
                return picture == nil ? problem?.message(path: path) : nil
            }
            return "no answer"
        }
        #expect(problem() == "\(path): failed before, and unchanged since (its failure entry)")
        #expect(
            Thumbnailer(cache: cache, size: .large, threads: 1).thumbnail(path)
                == .failedBefore("\(path): failed before, and unchanged since (its failure entry)"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: Double(modified + 10))], ofItemAtPath: path)
        #expect(problem() == nil, "changed, it is decoded again")
    }

    @Test func aCacheThatCannotBeWrittenIsSaidOnceAndThePicturesStillCome() throws {
        let (root, paths) = try Self.folder(count: 4)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pictures = Array(paths.prefix(4))
        let loader = PictureLoader(
            paths: pictures, threads: 2, diskCache: ThumbnailCache(root: "/dev/null/thumbnails"))
        _ = loader.waitForResults(count: 4, seconds: 10)
        for index in pictures.indices { loader.requestThumbnail(PictureID(index), side: 128, priority: index) }
        let results = loader.waitForResults(count: 5, seconds: 10)
        var thumbnails = 0
        var problems: [String] = []
        for result in results {
            switch result {
            case .thumbnail(_, _, .some, nil): thumbnails += 1
            case .cacheProblem(let problem): problems.append(problem)
            default: Issue.record("unexpected \(result)")
            }
        }
        #expect(thumbnails == 4)
        #expect(problems.count == 1 && problems[0].hasPrefix("cannot make /dev/null/thumbnails"))
    }

    @Test func aPictureDeletedOrReplacedWhileBrowsingIsNamed() throws {
        let (root, paths) = try Self.folder(count: 2)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = PictureLoader(paths: Array(paths.prefix(2)), threads: 1)
        _ = loader.waitForResults(count: 2, seconds: 10)
        try FileManager.default.removeItem(atPath: paths[0])
        _ = FileManager.default.createFile(atPath: paths[1], contents: Data("replaced by text".utf8))
        loader.requestThumbnail(PictureID(0), side: 64, priority: 0)
        loader.requestThumbnail(PictureID(1), side: 64, priority: 1)
        var problems: [Int: PictureProblem] = [:]
        for case .thumbnail(let id, _, nil, let problem?) in loader.waitForResults(count: 2, seconds: 10) {
            let index = id.rawValue
            problems[index] = problem
        }
        #expect(problems[0] == .unreadable("No such file or directory"))
        #expect(problems[1] == .holds("not a picture: it holds text"))
    }
}
