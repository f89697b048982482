import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// Browsing as a user does: the grid follows the selection, a broken picture says why on its tile and
/// opened, and the bar under the pictures names them and covers none.
@Suite struct PictureBrowsingTests {
    /// A model on a folder of `count` pictures and a broken one, every header arrived.
    static func model(_ count: Int, size: Size = Size(width: 640, height: 480), bar: Bool = true) throws -> (
        model: ViewerModel, feed: PictureFeed, root: String
    ) {
        let colours = (0..<count).map { UInt32(0xFF00_0000) | UInt32(0x10_1010 * ($0 % 15 + 1)) }
        let (root, paths) = try PictureWaterfallTests.folder(colours)
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        var waterfall = WaterfallScene.Options()
        waterfall.size = size
        waterfall.showsHUD = bar
        return (
            ViewerModel(force: ForceScene.Options(), waterfall: waterfall, pictures: feed, view: .waterfall), feed, root
        )
    }

    @Test func theGridFollowsTheSelectionThroughAnOpenPicture() throws {
        var (model, _, root) = try Self.model(40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(model.waterfall.items.count == 41)
        let first = model.waterfall.layout.frame(at: 0)
        model.handle(.press(first.center))
        model.handle(.release(first.center))
        model.handle(.key(.open))
        for _ in 0..<32 { model.handle(.key(.next)) }
        model.handle(.key(.back))
        let scene = model.waterfall
        #expect(scene.selection == 32 && scene.openPicture == nil)
        let tile = scene.layout.frame(at: 32)
        #expect(tile.minY >= scene.scrollOffset && tile.maxY <= scene.scrollOffset + scene.viewport.height)
        #expect(scene.scrollOffset > 0)
        // And back up: the least scroll that shows it, at the top.
        model.handle(.key(.open))
        for _ in 0..<32 { model.handle(.key(.previous)) }
        model.handle(.key(.back))
        #expect(model.waterfall.scrollOffset == 0)
    }

    @Test func aBrokenPictureSaysWhyOnItsTileAndOpened() throws {
        var (model, feed, root) = try Self.model(2, size: Size(width: 800, height: 600))
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            feed.problem(at: 2) == "not a picture: it holds text" && feed.problem(at: 0) == nil
                && feed.problem(at: 1) == nil)
        let text = try TextRenderer()
        let frame = Framebuffer(width: 800, height: 600)
        model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: text)
        let tile = model.waterfall.layout.frame(at: 2)
        let lit = { (area: Rect) in
            var count = 0
            for y in Int(area.minY)..<Int(area.maxY) {
                for x in Int(area.minX)..<Int(area.maxX) where frame[x, y] == Color.text.pixel { count += 1 }
            }
            return count
        }
        #expect(lit(tile) > 20, "the tile's text")
        model.handle(.press(tile.center))
        model.handle(.release(tile.center))
        model.handle(.key(.open))
        #expect(model.waterfall.openPicture?.index == 2, "a broken picture opens")
        model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: text)
        let middle = Rect(x: 200, y: 250, width: 400, height: 100)
        #expect(lit(middle) > 20, "the name and the reason, centred")
        #expect(WaterfallPainter(scene: model.waterfall).barText.left == "p3.jpg   3/3   not a picture: it holds text")
    }

    @Test func theBarCoversNoTileAndSaysThePicture() throws {
        var (model, _, root) = try Self.model(30)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scene = model.waterfall
        #expect(scene.barHeight == 24 && scene.viewport == Size(width: 640, height: 480 - 24))
        #expect(
            WaterfallPainter(scene: scene).barText.left == root,
            "nothing selected: the folder")
        model.handle(.key(.end))
        let bottom = model.waterfall.layout.contentSize.height
        #expect(
            model.waterfall.scrollOffset == bottom - model.waterfall.viewport.height, "the last tile ends above the bar"
        )
        #expect(
            WaterfallPainter(scene: model.waterfall).barText.left == "p31.jpg   31/31   not a picture: it holds text",
            "End selects the last")
        #expect(WaterfallPainter(scene: model.waterfall).barText.right == "31 pictures   1 broken")
        model.handle(.key(.home))
        let tile = model.waterfall.layout.frame(at: 1)
        model.handle(.press(tile.center))
        model.handle(.release(tile.center))
        #expect(WaterfallPainter(scene: model.waterfall).barText.left.hasPrefix("p2.png   2/31   300x200   "))
        model.handle(.key(.open))
        #expect(WaterfallPainter(scene: model.waterfall).barText.right == "fit 100%")
        model.handle(.key(.addCells))
        #expect(WaterfallPainter(scene: model.waterfall).barText.right == "125%")
        model.handle(.key(.toggleHUD))
        #expect(model.waterfall.viewport.height == 480, "without the bar the picture has the window")
    }

    @Test func fileSizesReadAsFileManagersShowThem() {
        let sizes = [0, 999, 1000, 12_345, 999_949, 2_400_000, 123_456_789, 5_000_000_000]
        #expect(
            sizes.map(WaterfallPainter.fileSize) == [
                "0 B", "999 B", "1.0 KB", "12.3 KB", "1.0 MB", "2.4 MB", "123 MB", "5.0 GB",
            ])
    }
}

/// Turning and flipping the open picture: what shows, the size it fits by, and what a session keeps.
@Suite struct PictureTurningTests {
    @Test func turnsAndFlipsComposeAsTheyShow() {
        var view = PictureView(index: 0, picture: Size(width: 400, height: 200))
        let picture = Size(width: 400, height: 200)
        view.turn(clockwise: true, picture: picture)
        #expect(view.quarterTurns == 1 && view.shown(picture) == Size(width: 200, height: 400))
        view.flip(vertically: false, picture: picture)
        // Flipped, turning what shows clockwise turns the picture underneath counterclockwise.
        view.turn(clockwise: true, picture: picture)
        #expect(view.quarterTurns == 0 && view.mirrored)
        view.flip(vertically: true, picture: picture)
        #expect(view.quarterTurns == 2 && !view.mirrored, "mirrored and flipped top to bottom: upside down")
        for _ in 0..<2 { view.turn(clockwise: false, picture: picture) }
        #expect(view.quarterTurns == 0 && view.zoom == nil && view.center == Point(x: 200, y: 100))
    }

    @Test func aTurnedPictureFitsByItsTurnedSizeAndIsKeptInTheState() throws {
        var (model, _, root) = try PictureBrowsingTests.model(3, size: Size(width: 800, height: 600), bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tile = model.waterfall.layout.frame(at: 2)  // 400 x 200
        model.handle(.press(tile.center))
        model.handle(.release(tile.center))
        model.handle(.key(.open))
        model.handle(.key(.rotateClockwise))
        let view = try #require(model.waterfall.openPicture)
        let rect = view.rect(picture: view.shown(Size(width: 400, height: 200)), window: model.waterfall.viewport)
        #expect(rect == Rect(x: 300, y: 100, width: 200, height: 400))
        let state = ViewerState(of: model)
        #expect(state.open?.turns == 1 && state.open?.mirrored == nil)
        #expect(state.json.contains(#""turns":1"#))
    }
}

/// `i` over an open picture: its name, size and file size, and what its camera wrote.
@Suite struct PictureInfoTests {
    @Test func theInfoSaysWhenWithWhatAndHow() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-info-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixture = AnimationPlaybackTests.fixtures + "/camera-exif.jpg"
        try FileManager.default.copyItem(atPath: fixture, toPath: root + "/camera.jpg")
        let feed = PictureFeed(paths: [root + "/camera.jpg"], diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        let waterfall = WaterfallScene.Options()
        var model = ViewerModel(force: ForceScene.Options(), waterfall: waterfall, pictures: feed, view: .waterfall)
        model.handle(.key(.home))
        model.handle(.key(.open))
        #expect(WaterfallPainter(scene: model.waterfall).infoLines.first == "camera.jpg" && !model.waterfall.showsInfo)
        model.handle(.key(.toggleInfo))
        let size = try #require(feed.header(at: 0)?.fileSize)
        #expect(model.waterfall.showsInfo)
        #expect(
            WaterfallPainter(scene: model.waterfall).infoLines == [
                "camera.jpg", "32x24   \(WaterfallPainter.fileSize(size))", "taken 2024-07-14 18:03:22",
                "Canon EOS 5D Mark IV", "1/250 s   f/2.8   ISO 400   35 mm",
            ])
    }
}
