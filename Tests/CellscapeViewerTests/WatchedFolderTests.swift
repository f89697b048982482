import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A watched folder never loses track: an overflowed inotify queue lists it again and keeps the place,
/// the folder removed or moved away says so and keeps what is loaded, and with -r a folder made later
/// is watched and its pictures join.
@Suite(.serialized) struct WatchedFolderTests {
    /// A folder of `count` small PNGs named p1.png, p2.png...
    static func folder(_ count: Int) throws -> (root: String, picture: Data) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-watched-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let picture = try LiveFolderTests.png(30, 20, 0x30_6090)
        for index in 1...count { try picture.write(to: URL(fileURLWithPath: "\(root)/p\(index).png")) }
        return (root, picture)
    }

    /// A scene of the pictures of `root`, watched, every header in.
    static func scene(_ root: String, recursive: Bool = false) -> (WaterfallScene, PictureFeed) {
        let feed = PictureFeed(
            listing: [root], recursive: recursive, threads: 2, diskCache: nil, memoryBytes: 1 << 24, watching: true
        ) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.size = Size(width: 800, height: 600)
        var scene = WaterfallScene(options: options, pictures: feed)
        settle(&scene, feed) { _ in feed.watchDescriptor != nil }
        return (scene, feed)
    }

    /// Takes results until `done` holds, at most 60 seconds.
    static func settle(_ scene: inout WaterfallScene, _ feed: PictureFeed, until done: (WaterfallScene) -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !done(scene) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            _ = scene.takePictureResults()
        }
    }

    static var queueLength: Int? {
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test(.enabled(if: (queueLength ?? .max) <= 65536, "the inotify queue is too long to overflow in a test"))
    func anOverflowedQueueListsTheFolderAgainAndKeepsThePlace() throws {
        let (root, picture) = try Self.folder(3)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var (scene, feed) = Self.scene(root)
        Self.settle(&scene, feed) { $0.items.count == 3 }
        scene.select(1)
        // More events than the queue holds while nothing reads it (a picture renamed back and forth,
        // two events each way), then what happened after the overflow, which no event tells.
        let renames = try #require(Self.queueLength) / 4 + 100
        for _ in 0..<renames {
            try FileManager.default.moveItem(atPath: "\(root)/p3.png", toPath: "\(root)/r.png")
            try FileManager.default.moveItem(atPath: "\(root)/r.png", toPath: "\(root)/p3.png")
        }
        try FileManager.default.moveItem(atPath: "\(root)/p3.png", toPath: "\(root)/p3.txt")
        for index in 1...5 { try picture.write(to: URL(fileURLWithPath: "\(root)/q\(index).png")) }
        Self.settle(&scene, feed) { $0.items.count == 7 && feed.nextRemovalDeadline == nil }
        #expect(scene.items.map(\.title) == ["p1.png", "p2.png", "q1.png", "q2.png", "q3.png", "q4.png", "q5.png"])
        #expect(scene.selection.map { scene.items[$0].title } == "p2.png", "the selection stays on p2")
    }

    @Test(arguments: [false, true])
    func aWatchedFolderRemovedOrMovedAwaySaysSoAndKeepsWhatIsLoaded(moved: Bool) throws {
        let (root, _) = try Self.folder(4)
        let elsewhere = root + "-moved"
        defer { for path in [root, elsewhere] { try? FileManager.default.removeItem(atPath: path) } }
        var (scene, feed) = Self.scene(root)
        Self.settle(&scene, feed) { $0.items.count == 4 }
        if moved {
            try FileManager.default.moveItem(atPath: root, toPath: elsewhere)
        } else {
            try FileManager.default.removeItem(atPath: root)  // its files first, then the folder
        }
        let name = (root as NSString).lastPathComponent
        Self.settle(&scene, feed) { $0.status?.text.hasPrefix(name) == true && feed.nextRemovalDeadline == nil }
        let said = "\(name) was \(moved ? "moved away" : "removed"): the pictures loaded stay"
        #expect(scene.status?.text == said)
        #expect(scene.items.map(\.title) == ["p1.png", "p2.png", "p3.png", "p4.png"])
    }

    @Test func withRecursionAFolderMadeLaterIsWatched() throws {
        let (root, picture) = try Self.folder(2)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var (scene, feed) = Self.scene(root, recursive: true)
        Self.settle(&scene, feed) { $0.items.count == 2 }
        try FileManager.default.createDirectory(atPath: "\(root)/later/inner", withIntermediateDirectories: true)
        try picture.write(to: URL(fileURLWithPath: "\(root)/later/inner/a.png"))
        Self.settle(&scene, feed) { $0.items.count == 3 }
        // Written once the new folders are watched: it joins by the watch, not a listing.
        try picture.write(to: URL(fileURLWithPath: "\(root)/later/b.png"))
        try picture.write(to: URL(fileURLWithPath: "\(root)/later/inner/c.png"))
        Self.settle(&scene, feed) { $0.items.count == 5 }
        #expect(Set(scene.items.map(\.title)) == ["p1.png", "p2.png", "a.png", "b.png", "c.png"])
    }
}
