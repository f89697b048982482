import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures
@testable import CellscapeViewer

/// Folders give their pictures in natural order, once each, whatever links lead back into them.
@Suite struct PictureFilesTests {
    @Test func naturalOrderComparesNumbersAsNumbers() {
        let names = ["img10.png", "img2.png", "Img1.png", "img02b.png", "b.png", "a10x.png", "a9x.png", "img2.jpg"]
        #expect(
            names.sorted(by: PictureFiles.naturallyPrecedes) == [
                "a9x.png", "a10x.png", "b.png", "Img1.png", "img2.jpg", "img2.png", "img02b.png", "img10.png",
            ])
    }

    @Test func foldersRecurseOnceAndSkipOtherFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-files-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/sub/deeper", withIntermediateDirectories: true)
        for name in ["img10.jpg", "img2.PNG", "notes.txt", ".hidden.png", "sub/a.jpeg", "sub/deeper/z.png"] {
            _ = manager.createFile(atPath: "\(root)/\(name)", contents: Data())
        }
        try manager.createSymbolicLink(atPath: root + "/sub/deeper/loop", withDestinationPath: root)
        let flat = PictureFiles([root], recursive: false)
        #expect(flat.paths == ["\(root)/img2.PNG", "\(root)/img10.jpg"] && flat.skipped == 1)
        let deep = PictureFiles([root], recursive: true)
        #expect(
            deep.paths == [
                "\(root)/img2.PNG", "\(root)/img10.jpg", "\(root)/sub/a.jpeg", "\(root)/sub/deeper/z.png",
            ])
        let missing = PictureFiles([root + "/nope"], recursive: false)
        #expect(missing.paths.isEmpty && missing.problems.count == 1)
    }

    /// A random tree of folders and files whose names mix cases, numbers and lengths.
    static func randomTree(seed: UInt64, files: Int) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-tree-\(UUID())").path
        var random = SplitMix64(seed: seed)
        var folders = [root]
        let parts = ["a", "A", "b", "img", "Img", "x", "a b", "z", "0", "007", "10", "9", "-", "_"]
        func name() -> String {
            (0..<Int(random.next() % 3 + 1)).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined()
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for _ in 0..<files {
            let folder = folders[Int(random.next() % UInt64(folders.count))]
            if random.next() % 6 == 0 {
                let path = "\(folder)/\(name())"
                try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                folders.append(path)
            } else {
                _ = FileManager.default.createFile(atPath: "\(folder)/\(name()).jpg", contents: Data())
            }
        }
        return root
    }

    @Test func aListingInBatchesGivesEveryPathOnceInOrderAndTheNameOrderSortsItBack() throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let root = try Self.randomTree(seed: seed, files: 600)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let whole = PictureFiles([root], recursive: true)
            var batches: [[String]] = []
            let streamed = PictureFiles([root], recursive: true) { batches.append($0) }
            #expect(streamed.paths == whole.paths && batches.joined().map { $0 } == whole.paths)
            #expect(!batches.isEmpty && batches.allSatisfy { !$0.isEmpty })
            // Brute force: the listing's own order is the name order, however the paths come.
            var random = SplitMix64(seed: seed)
            let shuffled = whole.paths.shuffled(using: &random)
            #expect(PictureFiles.nameOrder(of: shuffled).map { shuffled[$0] } == whole.paths, "seed \(seed)")
        }
    }

    @Test func aLargeFolderGivesItsFirstPicturesBeforeItIsSorted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-flat-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        var random = SplitMix64(seed: 5)
        for index in 0..<4_000 {
            let ending = ["jpg", "PNG", "txt", "jpeg", "Webp", "tar.gz"][Int(random.next() % 6)]
            let name = "\(["img", "IMG_", "a", "Z"][Int(random.next() % 4)])\(random.next() % 5_000)-\(index).\(ending)"
            _ = FileManager.default.createFile(atPath: "\(root)/\(name)", contents: nil)
        }
        _ = FileManager.default.createFile(atPath: "\(root)/sub/inner.jpg", contents: nil)
        let whole = PictureFiles([root], recursive: true)
        var batches: [[String]] = []
        let streamed = PictureFiles([root], recursive: true) { batches.append($0) }
        #expect(streamed.paths == whole.paths && batches.joined().map { $0 } == whole.paths)
        #expect(whole.paths.contains("\(root)/sub/inner.jpg") && whole.skipped == 4_000 + 1 - whole.paths.count)
        // Brute force: the first batch is the pictures among the first 512 names in natural order.
        let names = try FileManager.default.contentsOfDirectory(atPath: root).sorted(by: PictureFiles.naturallyPrecedes)
        let first = names.prefix(PictureFiles.firstBatch).filter {
            PictureFiles.extensions.contains(($0 as NSString).pathExtension.lowercased()) || $0 == "sub"
        }
        #expect(batches.count >= 2 && batches[0] == first.map { "\(root)/\($0)" }.filter { !$0.hasSuffix("/sub") })
    }

    @Test func aBatchGoesOnceABatchIntervalHasPassed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-slow-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in 0..<10 {
            try FileManager.default.createDirectory(atPath: "\(root)/f\(folder)", withIntermediateDirectories: true)
            for file in 0..<200 {
                _ = FileManager.default.createFile(atPath: "\(root)/f\(folder)/p\(file).jpg", contents: nil)
            }
        }
        var sizes: [Int] = []
        var now: UInt64 = 0
        let found = PictureFiles(
            [root], recursive: true,
            batches: { batch in
                sizes.append(batch.count)
                // A consumer slower than the interval: each folder has waited long enough when it ends.
                now += UInt64(PictureFiles.batchInterval * 1.2e9)
            }, clock: { now })
        #expect(found.paths.count == 2_000 && sizes == Array(repeating: 200, count: 10))
    }

    @Test func aFolderOfAHundredThousandFilesListsInOrderAndEachBadOneIsSaidOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-many-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for index in 0..<100_000 {
            let descriptor = open(
                "\(root)/\(index % 5 == 0 ? "note\(index).txt" : "photo\(index).jpg")", O_CREAT | O_WRONLY, 0o644)
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let found = PictureFiles([root], recursive: true)
        #expect(found.paths.count == 80_000 && found.skipped == 20_000 && found.problems.isEmpty)
        let numbers = found.paths.map { Int($0.dropFirst(root.count + 6).dropLast(4))! }
        #expect(numbers.prefix(4) == [1, 2, 3, 4] && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        // Every one is empty, so broken: each said once, the feed still complete.
        var said = 0  // the feed reports on the thread that takes its results: this one
        let feed = PictureFeed(paths: found.paths, diskCache: nil, memoryBytes: 1 << 20) { _ in said += 1 }
        let deadline = Date().addingTimeInterval(120)
        while feed.headersArrived < feed.count && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 50)
            feed.takeResults()
        }
        #expect(feed.headersArrived == 80_000 && feed.brokenCount == 80_000)
        #expect(said == 80_000)
    }
}

/// `--sort` and `--reverse`: by modification time, size or EXIF date taken, ties in natural order.
@Suite struct PictureOrderTests {
    @Test func picturesSortByTimeSizeAndDateTaken() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-order-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // a.jpg: 300 bytes, oldest; b.jpg: 100 bytes, newest; c.jpg: 200 bytes, as old as a (a tie).
        for (name, size, time) in [("a.jpg", 300, 1_000), ("b.jpg", 100, 3_000), ("c.jpg", 200, 1_000)] {
            try Data(count: size).write(to: URL(fileURLWithPath: "\(root)/\(name)"))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: Double(time))], ofItemAtPath: "\(root)/\(name)")
        }
        // Dated by its camera (2024): it goes before the undated, which follow by name.
        try FileManager.default.copyItem(
            atPath: AnimationPlaybackTests.fixtures + "/camera-exif.jpg", toPath: "\(root)/d.jpg")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 2_000)], ofItemAtPath: "\(root)/d.jpg")
        func names(_ order: PictureFiles.Order, descending: Bool = false) -> [String] {
            PictureFiles([root], recursive: false, order: order, descending: descending).paths.map {
                ($0 as NSString).lastPathComponent
            }
        }
        #expect(names(.name) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(names(.time) == ["a.jpg", "c.jpg", "d.jpg", "b.jpg"])
        #expect(names(.time, descending: true) == ["b.jpg", "d.jpg", "c.jpg", "a.jpg"])
        let dSize = try #require(FileManager.default.attributesOfItem(atPath: "\(root)/d.jpg")[.size] as? Int)
        #expect(dSize > 300 && names(.size) == ["b.jpg", "c.jpg", "a.jpg", "d.jpg"])
        #expect(names(.taken) == ["d.jpg", "a.jpg", "b.jpg", "c.jpg"])
    }
}
