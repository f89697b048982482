import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A folder that changes while it shows: a picture written or moved in joins the end of the feed, one
/// rewritten at another size is placed again, one removed leaves the grid; the place is kept.
@Suite struct LiveFolderTests {
    static func png(_ width: Int, _ height: Int, _ colour: UInt32) throws -> Data {
        let frame = Framebuffer(width: width, height: height)
        frame.fill(Color(hex: colour))
        return Data(try #require(PictureEncoder.png(frame)))
    }

    @Test func picturesWrittenMovedRewrittenAndRemovedShowAsTheyLand() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-live-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for index in 1...3 {
            try Self.png(300, 200, 0x30_6090).write(to: URL(fileURLWithPath: "\(root)/p\(index).png"))
        }
        let found = PictureFiles([root], recursive: false)
        let feed = PictureFeed(paths: found.paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.watch(folders: found.folders)
        #expect(feed.watchDescriptor != nil)
        var options = WaterfallScene.Options()
        options.size = Size(width: 800, height: 600)
        var scene = WaterfallScene(options: options, pictures: feed)
        func settle(_ done: (WaterfallScene) -> Bool) {
            let deadline = Date().addingTimeInterval(20)
            while !done(scene) && Date() < deadline {
                feed.loader.waitForWake(milliseconds: 20)
                scene.takePictureResults()
            }
        }
        settle { $0.items.count == 3 }
        #expect(scene.items.count == 3)
        // Written in place (closed once whole), and written elsewhere then moved in, as cameras import.
        try Self.png(200, 400, 0x90_3030).write(to: URL(fileURLWithPath: "\(root)/p4.png"))
        try Self.png(400, 100, 0x30_9030).write(to: URL(fileURLWithPath: "\(root)/.p5.png.part"))
        try FileManager.default.moveItem(atPath: "\(root)/.p5.png.part", toPath: "\(root)/p5.png")
        _ = FileManager.default.createFile(atPath: "\(root)/notes.txt", contents: Data("not a picture".utf8))
        settle { $0.items.count == 5 }
        #expect(scene.items.map(\.title) == ["p1.png", "p2.png", "p3.png", "p4.png", "p5.png"])
        let tall = scene.layout.frame(at: 3)
        #expect(abs(tall.height / tall.width - 2) < 1e-9)
        // Rewritten at another size: placed again at its new shape.
        try Self.png(300, 600, 0x30_6090).write(to: URL(fileURLWithPath: "\(root)/p1.png"))
        settle { abs($0.layout.frame(at: 0).height / $0.layout.frame(at: 0).width - 2) < 1e-9 }
        #expect(abs(scene.layout.frame(at: 0).height / scene.layout.frame(at: 0).width - 2) < 1e-9)
        #expect(feed.headersArrived == 5, "a header read again is no new picture")
        scene.handle(.key(.end))
        #expect(scene.selection == 4)
        try FileManager.default.removeItem(atPath: "\(root)/p2.png")
        settle { $0.items.count == 4 }
        #expect(scene.items.map(\.title) == ["p1.png", "p3.png", "p4.png", "p5.png"] && feed.count == 4)
        #expect(feed.paths.map { ($0 as NSString).lastPathComponent } == scene.items.map(\.title))
        #expect(scene.selection == 3, "the selection stays on p5")
        #expect(abs(scene.layout.frame(at: 0).height / scene.layout.frame(at: 0).width - 2) < 1e-9)
        // Removed and written again in one go (an editor saving through a new file): it stays.
        try FileManager.default.removeItem(atPath: "\(root)/p3.png")
        try Self.png(100, 100, 0x30_6090).write(to: URL(fileURLWithPath: "\(root)/p3.png"))
        settle { $0.pictures?.header(at: 1)?.width == 100 }
        #expect(scene.items.map(\.title) == ["p1.png", "p3.png", "p4.png", "p5.png"])
    }
}

/// Delete moves the picture in view to the trash, D the marked ones, whatever is selected; `z` puts
/// them back in their places, read again, and marked as they were; the bar says what happened.
@Suite struct TrashActionsTests {
    @Test func deleteMovesThePictureInViewDTheMarkedAndZPutsThemBack() throws {
        var (model, feed, root) = try PictureBrowsingTests.model(3, bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        let actions = TrashActions(trashCan: TrashCan(environment: ["XDG_DATA_HOME": data]))
        let tile = model.waterfall.layout.frame(at: 0)
        model.handle(.press(tile.center))
        model.handle(.release(tile.center))
        model.handle(.key(.trashMarked))
        #expect(model.takeRequests().isEmpty && model.waterfall.status?.text == "no marked pictures: m marks one")
        model.handle(.key(.toggleMark))
        model.handle(.key(.next))
        model.handle(.key(.toggleMark))
        model.handle(.key(.next))
        model.handle(.key(.trash))
        #expect(model.takeRequests() == [.trash([root + "/p3.png"])], "Delete: the selected picture, not the marks")
        model.handle(.key(.open))
        model.handle(.key(.trash))
        #expect(model.takeRequests() == [.trash([root + "/p3.png"])], "the open picture")
        model.handle(.key(.back))
        model.handle(.key(.trashMarked))
        let paths = [root + "/p1.png", root + "/p2.png"]
        #expect(model.takeRequests() == [.trash(paths)])
        let idsBefore = feed.order.ids
        let joinedBefore = feed.loader.count
        let (moved, problems) = actions.trash(paths)
        #expect(moved == paths && problems.isEmpty)
        model.apply(.removed(moved))
        #expect(model.waterfall.items.map(\.title) == ["p3.png", "p4.jpg"] && feed.count == 2)
        #expect(model.waterfall.marks.isEmpty, "what went to the trash is no longer marked")
        #expect(model.waterfall.selection == 0, "still on p3")
        #expect(!FileManager.default.fileExists(atPath: root + "/p1.png"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/files").sorted() == ["p1.png", "p2.png"])
        model.handle(.key(.undoTrash))
        #expect(model.takeRequests() == [.undoTrash])
        let (restored, notRestored) = actions.undo()
        #expect(restored == paths && notRestored.isEmpty)
        model.apply(.restored(restored))
        #expect(FileManager.default.fileExists(atPath: root + "/p1.png"))
        #expect(feed.paths == (1...3).map { root + "/p\($0).png" } + [root + "/p4.jpg"], "back in their places")
        #expect(model.waterfall.marks == [0, 1], "marked as they were")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/info").isEmpty)
        // The same pictures, their ids and what was read of them kept: nothing is read again.
        #expect(feed.order.ids == idsBefore && feed.loader.count == joinedBefore)
        #expect(feed.header(at: 0)?.width == 200 && feed.header(at: 1)?.width == 300)
        #expect(model.waterfall.items.map(\.title) == ["p1.png", "p2.png", "p3.png", "p4.jpg"])
        #expect(model.waterfall.selection == 2, "still on p3")
    }

    @Test func theBarSaysWhatTheTrashDid() {
        #expect(TrashActions.trashed(4, problems: []) == "4 moved to the trash, z puts them back")
        #expect(TrashActions.trashed(1, problems: []) == "1 moved to the trash, z puts it back")
        #expect(
            TrashActions.trashed(1, problems: ["a: b", "c: d"])
                == "1 moved to the trash, z puts it back; a: b (and 1 more)")
        #expect(TrashActions.trashed(0, problems: ["a: b"]) == "a: b")
        #expect(TrashActions.restored(2, problems: []) == "2 put back")
        #expect(TrashActions.restored(0, problems: []) == "nothing to put back")
    }
}

/// A folder listed on a thread of its own: the feed starts empty, says it lists, and takes the
/// pictures in natural order once the listing ends; then its folders are watched.
@Suite struct StreamedListingTests {
    @Test func theListingJoinsTheFeedInOrderAndThenTheFolderIsWatched() throws {
        let colours: [UInt32] = [0xFFD0_3030, 0xFF30_D030, 0xFF30_30D0]
        let (root, _) = try PictureWaterfallTests.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var problems: [String] = []
        let feed = PictureFeed(
            listing: [root], recursive: false, threads: 2, diskCache: nil, memoryBytes: 1 << 24, watching: true
        ) { problems.append($0) }
        #expect(feed.isListing && feed.count == 0 && feed.folderName == root)
        #expect(FeedListing.readable("/home/ana/Pictures", home: "/home/ana") == "~/Pictures")
        #expect(FeedListing.readable("/home/ana", home: "/home/ana") == "~")
        #expect(FeedListing.readable("/home/anatole/x", home: "/home/ana") == "/home/anatole/x")
        let options = WaterfallScene.Options()
        var scene = WaterfallScene(options: options, pictures: feed)
        let deadline = Date().addingTimeInterval(20)
        while (feed.isListing || scene.items.count < 4) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
        }
        #expect(!feed.isListing && scene.items.map(\.title) == ["p1.png", "p2.png", "p3.png", "p4.jpg"])
        #expect(feed.watchDescriptor != nil, "watched once listed")
        #expect(problems.count == 1 && problems[0].hasSuffix("p4.jpg: not a picture: it holds text"))
    }

    @Test func theForceViewGetsACellForEachPictureListed() throws {
        let (root, _) = try PictureWaterfallTests.folder([0xFFD0_3030, 0xFF30_D030])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(listing: [root], recursive: false, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        let force = ForceScene.Options()
        let waterfall = WaterfallScene.Options()
        var model = ViewerModel(force: force, waterfall: waterfall, pictures: feed, view: .force)
        #expect(model.force.layout.count == 0)
        let deadline = Date().addingTimeInterval(20)
        while feed.isListing && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            model.takePictureResults()
        }
        #expect(model.force.layout.count == 3, "two pictures and a broken one, a cell each")
    }

    @Test func whatTheKeyHandlerChangedIsReadAgainAndWhatItRemovedLeaves() throws {
        var (model, feed, root) = try PictureBrowsingTests.model(3, bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        model.waterfall.select(1)
        try LiveFolderTests.png(120, 200, 0x90_3030).write(to: URL(fileURLWithPath: root + "/p2.png"))
        try FileManager.default.removeItem(atPath: root + "/p3.png")
        model.apply(.changed([root + "/p2.png", root + "/p3.png"]))
        #expect(model.waterfall.items.map(\.title) == ["p1.png", "p2.png", "p4.jpg"] && feed.count == 3)
        let deadline = Date().addingTimeInterval(20)
        while feed.header(at: 1)?.width != 120 && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            model.takePictureResults()
        }
        #expect(feed.header(at: 1)?.width == 120, "read again in its place")
        #expect(model.waterfall.selection == 1, "the selection stays on it")
    }
}
