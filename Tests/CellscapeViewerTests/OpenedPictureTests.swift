import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A picture given alone (what a file manager hands the viewer) opens at once; the other pictures of
/// its folder join around it in the order asked, and it stays the one open and selected.
@Suite struct OpenedPictureTests {
    /// A folder of twelve pictures of growing widths (p01 the narrowest), a text file and a subfolder.
    static func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-open-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        for index in 1...12 {
            try LiveFolderTests.png(100 + 37 * index, 90, 0x30_6090 + UInt32(index))
                .write(to: URL(fileURLWithPath: root + String(format: "/p%02d.png", index)))
        }
        try LiveFolderTests.png(50, 50, 0x90_3030).write(to: URL(fileURLWithPath: root + "/sub/inner.png"))
        _ = FileManager.default.createFile(atPath: root + "/notes.txt", contents: Data("not a picture".utf8))
        return root
    }

    /// Takes results until `done` holds or 20 s pass.
    static func settle(_ scene: inout WaterfallScene, _ done: (WaterfallScene) -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done(scene) && Date() < deadline {
            scene.pictures?.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
        }
    }

    static func scene(opening path: String, order: PictureFiles.Order = .name, descending: Bool = false)
        -> WaterfallScene
    {
        let feed = PictureFeed(
            opening: path, order: order, descending: descending, diskCache: nil, memoryBytes: 1 << 24
        ) { _ in }
        var options = WaterfallScene.Options()
        options.size = Size(width: 800, height: 600)
        options.opensPicture = 0
        options.pictureOrder = order
        options.picturesDescending = descending
        return WaterfallScene(options: options, pictures: feed)
    }

    @Test func aPictureGivenAloneOpensAndItsFolderJoinsAroundItInNameOrder() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var scene = Self.scene(opening: root + "/p07.png")
        let feed = try #require(scene.pictures)
        #expect(feed.count == 1 && feed.isListing, "the picture shows before its folder is listed")
        Self.settle(&scene) { $0.items.count == 12 && $0.pictures?.isListing == false }
        #expect(
            feed.paths.map { ($0 as NSString).lastPathComponent } == (1...12).map { String(format: "p%02d.png", $0) })
        #expect(scene.items.count == 12, "listed once: the picture given is not found twice")
        #expect(scene.openPicture?.index == 6 && scene.selection == 6, "p07 stays open where the order puts it")
        scene.handle(.key(.next))
        #expect(scene.openPicture?.index == 7 && feed.name(of: 7) == "p08.png")
        scene.handle(.key(.back))
        #expect(scene.openPicture == nil && scene.selection == 7, "Escape: the grid, the picture selected")
    }

    @Test func theFolderJoinsInTheOrderAskedHoweverThePictureWasNamed() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var scene = Self.scene(opening: root + "/sub/../p03.png", order: .size, descending: true)
        let feed = try #require(scene.pictures)
        Self.settle(&scene) { $0.items.count == 12 && $0.pictures?.isListing == false }
        let listed = PictureFiles([root], recursive: false, order: .size, descending: true).paths
        #expect(
            feed.paths.map { ($0 as NSString).lastPathComponent } == listed.map { ($0 as NSString).lastPathComponent })
        let opened = try #require(scene.openPicture)
        #expect(feed.name(of: opened.index) == "p03.png" && feed.count == 12)
    }

    @Test func aRecordedStartOpensThePictureAtItsPosition() throws {
        let header = SessionHeader(
            force: ForceScene.Options(),
            waterfall: {
                var options = WaterfallScene.Options()
                options.opensPicture = 4
                return options
            }(), view: .waterfall, items: SessionHeader.Items(source: .pictures, paths: [], items: []))
        let decoded = try JSONDecoder().decode(SessionHeader.self, from: JSONEncoder().encode(header))
        #expect(decoded.opens == 4 && decoded.options(catalog: []).waterfall.opensPicture == 4)
    }
}

/// A folder whose pictures are all in subfolders says what `-r` would find; with `-r`, the bar names
/// a picture from the folder given.
@Suite struct SubfolderTests {
    @Test func anEmptyFolderSaysWhatItsSubfoldersHold() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-onlysub-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root + "/2024/june", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try LiveFolderTests.png(60, 40, 0x30_6090).write(to: URL(fileURLWithPath: root + "/2024/a.png"))
        try LiveFolderTests.png(40, 60, 0x90_3060).write(to: URL(fileURLWithPath: root + "/2024/june/b.png"))
        #expect(PictureFiles([root], recursive: false).picturesInSubfolders == 2)
        #expect(PictureFiles([root], recursive: true).picturesInSubfolders == 0, "with -r, they are listed")
        let empty = PictureFeed(listing: [root], recursive: false, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        var scene = WaterfallScene(pictures: empty)
        OpenedPictureTests.settle(&scene) { $0.pictures?.isListing == false }
        #expect(empty.count == 0)
        #expect(WaterfallPainter.noPictures(empty).last == "its subfolders hold 2 pictures: cellscape -r lists them")
        let all = PictureFeed(listing: [root], recursive: true, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        scene = WaterfallScene(pictures: all)
        OpenedPictureTests.settle(&scene) { $0.items.count == 2 }
        scene.handle(.key(.end))
        #expect(
            WaterfallPainter(scene: scene).barText.left.hasPrefix("2024/june/b.png   2/2"),
            "\(WaterfallPainter(scene: scene).barText.left)")
    }
}
