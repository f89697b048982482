import CellscapePictures
import Foundation
import Synchronization
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A picture saved in place as `mogrify` saves it (the old file renamed away, the new one created and
/// closed empty, then opened again and written) is read once it is written, and a new one written so
/// joins then: no "empty file" is said and nothing is left broken.
@Suite struct RewriteInPlaceTests {
    final class Reports: @unchecked Sendable {  // written and read on the test's thread only
        var lines: [String] = []
    }

    /// A clock the test moves: the feed's timed decisions wait for it, not for the wall clock.
    final class TestClock: Sendable {
        let time = Mutex<UInt64>(1_000_000_000)
        var clock: FeedClock { FeedClock { [self] in time.withLock { $0 } } }
        func move(by nanoseconds: UInt64) { time.withLock { $0 += nanoseconds } }
    }

    /// Turns the loop as the viewer does (results taken, then what shows made into work) until `done`
    /// holds, at most 20 seconds, waiting on the loader's wake.
    static func settle(_ scene: inout WaterfallScene, until done: (WaterfallScene) -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done(scene) && Date() < deadline {
            scene.pictures?.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
            scene.prepareFrame()
        }
    }

    @Test func aPictureSavedThroughAnEmptyFileIsReadOnceWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-save-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root + "/pictures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = (1...5).map { "a\($0).png" }
        for name in names {
            try LiveFolderTests.png(300, 200, 0x30_6090).write(to: URL(fileURLWithPath: "\(root)/pictures/\(name)"))
        }
        let found = PictureFiles([root + "/pictures"], recursive: false)
        let reports = Reports()
        let feed = PictureFeed(
            paths: found.paths, threads: 2, diskCache: ThumbnailCache(root: root + "/cache"), memoryBytes: 1 << 24
        ) { reports.lines.append($0) }
        let time = TestClock()
        feed.clock = time.clock
        feed.watch(folders: found.folders)
        var options = WaterfallScene.Options()
        options.size = Size(width: 800, height: 600)
        var scene = WaterfallScene(options: options, pictures: feed)
        Self.settle(&scene) { scene in (0..<5).allSatisfy { scene.pictures?.thumbnail($0) != nil } }
        scene.selection = 2
        let id = feed.order[2]
        let path = "\(root)/pictures/a3.png"

        #expect(rename(path, path + "~") == 0)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // The loop sees the empty file before it is written: it waits (without the wait it read it).
        Self.settle(&scene) { _ in feed.members.folders.emptyFiles[path] != nil || feed.brokenCount > 0 }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: try LiveFolderTests.png(100, 200, 0x90_3030))
        try handle.close()
        try FileManager.default.removeItem(atPath: path + "~")
        Self.settle(&scene) { scene in
            scene.pictures?.header(at: 2)?.width == 100 && scene.pictures?.thumbnail(2) != nil
        }
        #expect(feed.header(at: 2)?.width == 100 && feed.thumbnail(2) != nil)
        #expect(
            feed.order[2] == id && scene.selection == 2 && feed.brokenCount == 0
                && feed.members.folders.emptyFiles.isEmpty
        )
        #expect(reports.lines.isEmpty, "\(reports.lines)")

        // A new picture written so (`convert` writes a new file as `mogrify` rewrites one) joins once written.
        let joining = "\(root)/pictures/a6.png"
        #expect(FileManager.default.createFile(atPath: joining, contents: nil))
        Self.settle(&scene) { _ in feed.members.folders.emptyFiles[joining] != nil || feed.count == 6 }
        try LiveFolderTests.png(300, 200, 0x30_9030).write(to: URL(fileURLWithPath: joining))
        Self.settle(&scene) { scene in scene.items.count == 6 && scene.pictures?.thumbnail(5) != nil }
        #expect(
            feed.count == 6 && feed.brokenCount == 0 && feed.members.folders.emptyFiles.isEmpty && reports.lines.isEmpty
        )

        // Emptied for good, it says so a moment later: once the clock has moved on that far, not before.
        let emptied = try #require(FileHandle(forWritingAtPath: path))
        try emptied.truncate(atOffset: 0)
        try emptied.close()
        Self.settle(&scene) { _ in feed.members.folders.emptyFiles[path] != nil }
        scene.takePictureResults()
        #expect(feed.brokenCount == 0, "it waits while the clock stands")
        time.move(by: PictureFeed.removalDelay)
        Self.settle(&scene) { _ in feed.brokenCount == 1 }
        #expect(feed.problem(at: 2)?.contains("empty file") == true && feed.order[2] == id)
        #expect(reports.lines.count == 1 && reports.lines[0].hasSuffix("a3.png: empty file"), "\(reports.lines)")
    }
}
