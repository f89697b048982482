import CellscapeFeeds
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeRemote
@testable import CellscapeViewer

/// A remote feed in the viewer: its items join laid out at the sizes the page gives before any pixel,
/// their pixels come from the downloads, and the next page is asked for only as the view nears the end.
@Suite struct RemoteSourceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CellscapePicturesTests/Fixtures")

    /// Runs `body` on a thread of its own. The loop's waits block, and a test's task would block one of
    /// the concurrency pool's threads (two here), which the downloads' tasks need.
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// A feed of the remote feed at `address`, read through `fetcher` on `threads` workers, and its source.
    static func feed(
        _ address: FeedAddress, _ fetcher: RemoteFetcher, threads: Int = 2, memoryBytes: Int = 1 << 24
    ) -> (PictureFeed, RemoteSource) {
        let source = RemoteSource(reader: RemoteFeedReader(address: address, fetcher: fetcher), fetcher: fetcher)
        let feed = PictureFeed(paths: [], threads: threads, diskCache: nil, memoryBytes: memoryBytes) { _ in }
        feed.read(source)
        return (feed, source)
    }

    /// The grid of `feed` in a window of `width` by `height` without the bar, drawn once the page and
    /// the first screen's pixels came (as `cellscape snapshot URL` draws it).
    static func shownScene(_ feed: PictureFeed, width: Int, height: Int) -> WaterfallScene {
        var options = WaterfallScene.Options()
        options.size = Size(width: Double(width), height: Double(height))
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.renderWithPicturesArrived(into: Framebuffer(width: width, height: height), text: nil, timeout: 120)
        return scene
    }

    /// Takes `feed`'s results until `done`; gives up after two minutes (a guard against a hang, never a
    /// time the test asserts).
    static func wait(_ feed: PictureFeed, until done: () -> Bool) {
        let giveUp = Date().addingTimeInterval(120)
        while !done() && Date() < giveUp {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
    }

    /// A page of `count` image statuses whose files are `media`'s, ids from `first`, with a next page.
    static func page(media: LoopbackServer, first: Int, count: Int) -> String {
        let statuses = (first..<first + count).map { id in
            """
            {"id":"\(id)","url":"https://m.example/@a/\(id)","sensitive":false,"media_attachments":[{"id":"m\(id)",
            "type":"image","url":"\(media.url("/\(id).png"))","preview_url":"\(media.url("/\(id).png"))",
            "meta":{"original":{"width":\(200 + id),"height":100}},"blurhash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj"}]}
            """
        }
        return "[" + statuses.joined(separator: ",") + "]"
    }

    /// A server answering every file with a small PNG, and a timeline of two pages of three images
    /// from it (the first with a next page), and its address.
    static func twoPages() async throws -> (media: LoopbackServer, api: LoopbackServer, address: FeedAddress) {
        let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("grey8-trns.png")))
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let api = try await LoopbackServer { request in
            if request.target.contains("max_id=") { return .json(Self.page(media: media, first: 10, count: 3)) }
            let link = "<https://m.example/api/v1/timelines/public?max_id=2>; rel=\"next\""
            return .json(Self.page(media: media, first: 0, count: 3), headers: [("Link", link)])
        }
        return (media, api, try FeedAddress("https://m.example/public", apiBase: api.url("")))
    }

    @Test func itemsJoinAtTheirSizesAndThePixelsFollow() async throws {
        let (media, api, address) = try await Self.twoPages()
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        // What the loop sees, step by step, on a thread of its own (see ``onOwnThread(_:)``).
        let seen = await Self.onOwnThread { () -> [String] in
            var seen: [String] = []
            let (feed, source) = Self.feed(address, fetcher)
            Self.wait(feed) { feed.count >= 3 }
            // Laid out before a pixel came: the page's sizes.
            seen.append("\(feed.count) at \(feed.arrivedSizes(from: 0).map { Int($0.width) })")
            // The view far from the end: no next page; within two screens of it: the next.
            source.viewed(bottom: 800, screen: 800, contentEnd: 10_000)
            seen.append("\(api.taken.count) asked")
            source.viewed(bottom: 800, screen: 800, contentEnd: 2_000)
            Self.wait(feed) { feed.count >= 6 }
            seen.append("\(feed.count) after \(api.taken.count) asked")
            // The pixels: each thumbnail decoded from its download.
            feed.want(visible: 0..<feed.count, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Self.wait(feed) { (0..<feed.count).allSatisfy { feed.thumbnail($0) != nil } }
            seen.append("\((0..<feed.count).count { feed.thumbnail($0) != nil }) thumbnails")
            return seen
        }
        #expect(seen == ["3 at [200, 201, 202]", "1 asked", "6 after 2 asked", "6 thumbnails"])
        #expect(media.taken.count >= 6)
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aFullConcurrencyPoolDoesNotStallTheFeed() async throws {
        let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("grey8-trns.png")))
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let api = try await LoopbackServer { _ in .json(Self.page(media: media, first: 0, count: 3)) }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        let seen = await Self.onOwnThread { () -> String in
            // Every thread of the pool blocked, as an app's work (or a test run's) may hold them.
            let (started, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            let threads = ProcessInfo.processInfo.activeProcessorCount
            for _ in 0..<threads {
                Task.detached {
                    started.signal()
                    release.wait()
                }
            }
            for _ in 0..<threads { started.wait() }
            defer { for _ in 0..<threads { release.signal() } }
            let (feed, _) = Self.feed(address, fetcher)
            Self.wait(feed) { feed.count >= 3 }
            feed.want(visible: 0..<feed.count, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Self.wait(feed) { (0..<feed.count).allSatisfy { feed.thumbnail($0) != nil } }
            return "\(feed.count) items, \((0..<feed.count).count { feed.thumbnail($0) != nil }) thumbnails"
        }
        // The page and the pictures came while no thread of the pool was free.
        #expect(seen == "3 items, 3 thumbnails")
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aDownloadForATileThatLeftTheViewIsCancelledAndNoOtherIsMade() async throws {
        let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("grey8-trns.png")))
        let asked = Guarded(0)
        let media = try await LoopbackServer { request in
            // The first download of the first tile's file hangs (its head sent, its body never); those
            // after answer at once. By its name: the next tile's download may reach the server first.
            let first =
                request.target == "/0.png"
                && asked.withLock { count in
                    count += 1
                    return count == 1
                }
            var reply = LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
            if first { reply.bodyDelay = .seconds(600) }
            return reply
        }
        let api = try await LoopbackServer { _ in .json(Self.page(media: media, first: 0, count: 40)) }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        let seen = await Self.onOwnThread { () -> [String] in
            let (feed, source) = Self.feed(address, fetcher, threads: 4)
            Self.wait(feed) { feed.count == 40 }
            // The first tile in view: its download starts (and hangs).
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 32)
            // Its request at the server, not only asked for: a download cancelled before it was sent
            // would leave the hang to the next one.
            Self.wait(feed) { source.downloadsRunning == 1 && media.taken.contains { $0.target == "/0.png" } }
            var seen = ["\(source.downloadsRunning) running"]
            // Scrolled away: the download stops; the tile is not broken, only not drawn yet.
            feed.want(visible: 10..<11, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Self.wait(feed) { feed.thumbnail(10) != nil && source.downloadsRunning == 0 }
            seen.append("\(source.downloadsRunning) running, 0: \(feed.problem(at: 0) ?? "no problem")")
            // Back in view: asked again, and it comes.
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 32)
            Self.wait(feed) { feed.thumbnail(0) != nil && feed.header(at: 0) != nil }
            seen.append("0: \(feed.thumbnail(0) == nil ? "no thumbnail" : "a thumbnail and its header")")
            // No item that no tile showed was downloaded, not even for its header.
            seen.append("\((0..<40).count { feed.header(at: $0) != nil }) headers")
            return seen
        }
        #expect(seen == ["1 running", "0 running, 0: no problem", "0: a thumbnail and its header", "2 headers"])
        #expect(Set(media.taken.map(\.target)) == ["/0.png", "/10.png"])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    /// A timeline of one Mastodon video (32x24, 3 s) whose still is a PNG and whose movie is `movie`,
    /// sent at a byte every `trickle` when given: its media server, its API server, its address.
    static func oneVideo(movie: [UInt8], trickle: Duration? = nil) async throws
        -> (LoopbackServer, LoopbackServer, FeedAddress)
    {
        let still = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("grey8-trns.png")))
        let media = try await LoopbackServer { request in
            request.target == "/clip.mp4"
                ? LoopbackServer.Reply(headers: [("Content-Type", "video/mp4")], body: movie, trickle: trickle)
                : LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: still)
        }
        let page = """
            [{"id":"1","url":"https://m.example/@a/1","media_attachments":[{"id":"m1","type":"video",
            "url":"\(media.url("/clip.mp4"))","preview_url":"\(media.url("/still.png"))",
            "meta":{"original":{"width":32,"height":24,"duration":3.0},"small":{"width":32,"height":24}}}]}]
            """
        let api = try await LoopbackServer { _ in .json(page) }
        return (media, api, try FeedAddress("https://m.example/public", apiBase: api.url("")))
    }

    @Test func aVideoShowsItsStillInItsTileAndPlaysWhenOpenedAndSeeks() async throws {
        // 3 s at 10 frames a second, 32x24, a keyframe every second.
        let video = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("video/keyframes.mp4")))
        let (media, api, address) = try await Self.oneVideo(movie: video)
        // The movie is written beside the cache of downloads as it comes, not held in memory.
        let folder = RemoteFetcherTests.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = RemoteFetcher(cache: try HTTPDiskCache(folder: folder, limit: 1 << 24), policy: .thisMachine)
        let seen = await Self.onOwnThread { () -> [String] in
            let (feed, _) = Self.feed(address, fetcher)
            Self.wait(feed) { feed.count == 1 }
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 32)
            Self.wait(feed) { feed.thumbnail(0) != nil && feed.header(at: 0) != nil }
            // In its tile: the still, and nothing plays.
            feed.animations.play([0], now: 0)
            var seen = ["tile: \(feed.header(at: 0)?.format.name ?? "?"), playing \(feed.animations.playingAnimations)"]
            // Opened: its file plays, frame by frame at the size asked.
            feed.animations.play([0], side: 32, opened: true, now: 0)
            Self.wait(feed) { feed.animations.animationFrame(0) != nil }
            let frame = feed.animations.animationFrame(0)
            seen.append(
                "open: playing \(feed.animations.playingAnimations), \(frame?.width ?? 0)x\(frame?.height ?? 0)")
            // Seeked as a local video is, within the length its page gives.
            let seeked = feed.animations.seekAnimation(0, to: 2_000)
            Self.wait(feed) { feed.animations.animationPosition(0)?.frame == 20 }
            seen.append("seeked \(seeked): frame \(feed.animations.animationPosition(0)?.frame ?? -1)")
            return seen
        }
        #expect(seen == ["tile: PNG, playing []", "open: playing [0], 32x24", "seeked true: frame 20"])
        // Downloaded once: the seek's new decoder read the file.
        #expect(media.taken.map(\.target) == ["/still.png", "/clip.mp4"])
        let movies = folder.appendingPathComponent("movies")
        let names = try FileManager.default.contentsOfDirectory(atPath: movies.path)
        #expect(names.count == 1 && names[0].hasSuffix(".movie"))
        #expect(FileManager.default.contents(atPath: movies.appendingPathComponent(names[0]).path) == Data(video))
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aMovieLeftWhileItComesIsCancelledAndLeavesNoFile() async throws {
        // A movie that takes its time: a byte a millisecond.
        let (media, api, address) = try await Self.oneVideo(
            movie: [UInt8](repeating: 7, count: 200_000), trickle: .milliseconds(1))
        let folder = RemoteFetcherTests.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = RemoteFetcher(cache: try HTTPDiskCache(folder: folder, limit: 1 << 24), policy: .thisMachine)
        let movies = folder.appendingPathComponent("movies")
        let seen = await Self.onOwnThread { () -> [String] in
            let (feed, source) = Self.feed(address, fetcher)
            Self.wait(feed) { feed.count == 1 }
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 32)
            Self.wait(feed) { feed.thumbnail(0) != nil }
            feed.animations.play([0], side: 32, opened: true, now: 0)
            Self.wait(feed) { media.taken.count == 2 && source.downloadsRunning == 1 }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: movies.path)) ?? []
            var seen = ["coming: \(files.count) partial file"]
            // Closed: nothing plays, and its movie's download goes.
            feed.animations.play([], now: 0)
            Self.wait(feed) { fetcher.transfersRunning == 0 && source.downloadsRunning == 0 }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: movies.path)) ?? []
            seen.append("left: \(left.count) files")
            return seen
        }
        #expect(seen == ["coming: 1 partial file", "left: 0 files"])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aSessionJoinsThePagesAfterTheFirstAtTheFramesItRecorded() async throws {
        let (media, api, address) = try await Self.twoPages()
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let seen = await Self.onOwnThread { () -> [String] in
            var options = WaterfallScene.Options()
            options.size = Size(width: 800, height: 600)
            /// A driver of a feed whose first page joined, the pages after it joining by inputs.
            func driver() -> (ViewerDriver, PictureFeed) {
                let (feed, _) = Self.feed(address, fetcher)
                Self.wait(feed) { feed.count == 3 }
                feed.joinsSourcesOnInput = true
                let model = ViewerModel(
                    force: ForceScene.Options(), waterfall: options, pictures: feed, view: .waterfall)
                return (ViewerDriver(model: model), feed)
            }
            // Recorded as the window's loop turns: the view near the end asks for the next page, and
            // the turn after it came sends the input that joins it.
            let (recording, recorded) = driver()
            var lines: [String] = []
            let header = SessionHeader(
                force: ForceScene.Options(), waterfall: options, view: .waterfall,
                items: SessionHeader.Items(source: .pictures, paths: [], items: []))
            let recorder = SessionRecorder(header: header, driver: recording) { lines.append($0) }
            let scheduler = FrameScheduler(driver: recording, framesPerSecond: 60)
            scheduler.isMapped = true
            func turn() {
                scheduler.take([], now: 0)
                scheduler.takeProgress(now: 0)
                recording.prepareFrame()
                recording.advance()
            }
            for _ in 0..<5 { turn() }
            var seen = ["recording: \(recorded.count) before the input"]
            Self.wait(recorded) { recorded.sourcePicturesHeld == 3 }
            for _ in 0..<5 { turn() }
            recorder.finish()
            seen.append("recording: \(recorded.count) after")
            seen += lines.filter { $0.contains(#""event":"pictures""#) }.map {
                $0.replacingOccurrences(of: #","digest":"[0-9a-f]+""#, with: "", options: .regularExpression)
            }
            // Replayed: the page joins at the frame recorded, the state the same after every input.
            let (replaying, replayed) = driver()
            guard let session = try? RecordedSession.parse(lines.joined(separator: "\n")) else {
                return seen + ["unreadable"]
            }
            seen.append(
                "replay: \(session.replay(on: replaying) == .same ? "the same" : "diverged"), \(replayed.count)")
            return seen
        }
        #expect(
            seen == [
                "recording: 3 before the input", "recording: 6 after",
                #"{"count":6,"event":"pictures","frame":5}"#, "replay: the same, 6",
            ])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func theBarSaysLoadingOfflineAndWhenTheFeedTriesAgain() {
        var paging = FeedPaging()
        #expect(RemoteSource.status(of: paging) == nil)
        paging.asked()
        #expect(RemoteSource.status(of: paging) == "loading")
        // The first failure waits a second (jitter 0.5 leaves it whole).
        paging.failed(.transient("127.0.0.1 refused the connection"), now: 1000, jitter: 0.5)
        let format = DateFormatter()
        format.dateFormat = "HH:mm:ss"
        let time = format.string(from: Date(timeIntervalSince1970: 1001))
        #expect(
            RemoteSource.status(of: paging) == "offline (127.0.0.1 refused the connection), trying again at \(time)")
        paging.asked()
        paging.failed(.permanent(.needsLogin), now: 1002, jitter: 0)
        #expect(RemoteSource.status(of: paging) == "this server shows that timeline only to its logged-in users")
    }

    @Test func theFirstScreenDrawsOnceItsMediaCameAndALoginWallIsOneLine() async throws {
        let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("grey8-trns.png")))
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let api = try await LoopbackServer { request in
            // The public timeline is open; the local one needs a login (Mastodon's 401).
            request.target.contains("local=true")
                ? .json(#"{"error":"This API requires an authenticated user"}"#).with(status: 401)
                : .json(Self.page(media: media, first: 0, count: 12))
        }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let base = api.url("")
        /// The feed at `address` drawn as `cellscape snapshot URL` draws it: once its page came and every
        /// visible tile has its pixels; what it then shows.
        func snapshot(_ address: String) async throws -> (count: Int, drawn: Bool, problem: String?, says: [String]) {
            let address = try FeedAddress(address, apiBase: base)
            return await Self.onOwnThread {
                let (feed, _) = Self.feed(address, fetcher)
                let scene = Self.shownScene(feed, width: 800, height: 600)
                let visible = scene.layout.indices(in: scene.visibleRect)
                let drawn = !visible.isEmpty && visible.allSatisfy { feed.hasThumbnail(at: $0) }
                let tiles = visible.compactMap {
                    feed.problem(at: $0) ?? (feed.isUnavailable(at: $0) ? "unavailable" : nil)
                }
                return (feed.count, drawn, feed.sourceProblem, WaterfallPainter.noPictures(feed) + tiles)
            }
        }
        let open = try await snapshot("https://m.example/public")
        #expect(open.count == 12 && open.drawn && open.problem == nil, "\(open)")
        let walled = try await snapshot("https://m.example/public/local")
        let wall = "this server shows that timeline only to its logged-in users"
        #expect(walled.count == 0 && walled.problem == wall && walled.says == [wall])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    /// A timeline of one image whose preview is `small` and whose original is `large`, their server,
    /// and its address.
    static func oneImage(
        small: [UInt8], large: [UInt8]
    ) async throws -> (media: LoopbackServer, api: LoopbackServer, address: FeedAddress) {
        let media = try await LoopbackServer { request in
            LoopbackServer.Reply(
                headers: [("Content-Type", "image/png")], body: request.target == "/large.png" ? large : small)
        }
        let page = """
            [{"id":"1","url":"https://m.example/@a/1","media_attachments":[{"id":"m1","type":"image",
            "url":"\(media.url("/large.png"))","preview_url":"\(media.url("/small.png"))",
            "meta":{"original":{"width":1600,"height":800},"small":{"width":640,"height":320}}}]}]
            """
        let api = try await LoopbackServer { _ in .json(page) }
        return (media, api, try FeedAddress("https://m.example/public", apiBase: api.url("")))
    }

    @Test func aTileReadsTheSmallRenditionAndTheImageViewTheLarge() async throws {
        func png(_ width: Int, _ height: Int, _ colour: UInt32) throws -> [UInt8] {
            let frame = Framebuffer(width: width, height: height)
            for y in 0..<height { for x in 0..<width { frame[x, y] = colour } }
            return try #require(PictureEncoder.png(frame))
        }
        let (media, api, address) = try await Self.oneImage(
            small: try png(640, 320, 0xFFD0_3020), large: try png(1600, 800, 0xFF20_40E0))
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let seen = await Self.onOwnThread { () -> [String] in
            let (feed, _) = Self.feed(address, fetcher, memoryBytes: 1 << 26)
            var scene = Self.shownScene(feed, width: 1280, height: 800)
            guard feed.count == 1 else { return ["\(feed.count) items", feed.sourceProblem ?? "no problem"] }
            // Its header too: a source's picture may show before its header is read.
            Self.wait(feed) { feed.header(at: 0) != nil }
            scene.open(pictureAt: 0)
            scene.renderWithPicturesArrived(into: Framebuffer(width: 1280, height: 800), text: nil, timeout: 120)
            return ["\(feed.header(at: 0)?.width ?? 0)", "\(feed.viewImage(0)?.width ?? 0)"]
        }
        // The header is the tile's file's (640 wide); the image view's 1280 come from the 1600.
        #expect(seen == ["640", "1280"])
        #expect(Set(media.taken.map(\.target)) == ["/small.png", "/large.png"])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func savingAnItemDownloadsItsOriginalThroughItsBytes() async throws {
        let (media, api, address) = try await Self.oneImage(
            small: Array(repeating: 1, count: 300), large: Array(repeating: 2, count: 900))
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let saved = await Self.onOwnThread { () -> [String] in
            let (feed, source) = Self.feed(address, fetcher)
            Self.wait(feed) { feed.count == 1 }
            guard let item = feed.details(at: 0) else { return ["no item"] }
            let answers = Guarded<[Result<[UInt8], SaveProblem>]>([])
            feed.original(of: item) { result in answers.withLock { $0.append(result) } }
            Self.wait(feed) { answers.withLock { !$0.isEmpty } }
            // Closed, the source downloads nothing more.
            source.close()
            feed.original(of: item) { result in answers.withLock { $0.append(result) } }
            Self.wait(feed) { answers.withLock { $0.count == 2 } }
            return answers.withLock { $0 }.map { result in
                switch result {
                case .success(let bytes): "\(bytes.count) bytes"
                case .failure(let problem): problem.description
                }
            }
        }
        #expect(saved == ["900 bytes", "cannot download: its feed is closed"])
        #expect(media.taken.map(\.target) == ["/large.png"])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aTruncatedGIFShowsWhatCame() async throws {
        let gif = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("disposal-1.gif")))
        let cut = Array(gif.prefix(gif.count * 2 / 3))
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/gif")], body: cut)
        }
        let api = try await LoopbackServer { _ in .json(Self.page(media: media, first: 0, count: 1)) }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        let seen = await Self.onOwnThread { () -> String in
            let (feed, _) = Self.feed(address, fetcher)
            _ = Self.shownScene(feed, width: 800, height: 600)
            guard feed.count == 1 else { return "\(feed.count) items" }
            return "\(feed.problem(at: 0) ?? "shown"), \(feed.hasThumbnail(at: 0) ? "with" : "without") a thumbnail"
        }
        // What came of it shows (its first frames), as a file cut short would; never a broken tile.
        #expect(seen == "shown, with a thumbnail")
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }
}
