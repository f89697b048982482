import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A waterfall of pictures: tiles keep each picture's aspect ratio, show its pixels once they arrive,
/// and a broken picture gets a broken tile and one line.
@Suite struct PictureWaterfallTests {
    /// A folder of solid pictures of these colours, 200 px high and 200, 300, 400... wide, and a broken one.
    static func folder(_ colours: [UInt32]) throws -> (root: String, paths: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-feed-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var paths: [String] = []
        for (index, colour) in colours.enumerated() {
            let frame = Framebuffer(width: 200 + 100 * index, height: 200)
            for y in 0..<frame.height { for x in 0..<frame.width { frame[x, y] = colour } }
            let path = "\(root)/p\(index + 1).png"
            _ = FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(frame))))
            paths.append(path)
        }
        _ = FileManager.default.createFile(atPath: "\(root)/p\(colours.count + 1).jpg", contents: Data("broken".utf8))
        return (root, paths + ["\(root)/p\(colours.count + 1).jpg"])
    }

    /// Takes results and draws until `isDone`, at most 60 s.
    static func play(
        _ scene: inout WaterfallScene, _ feed: PictureFeed, into frame: Framebuffer,
        until isDone: (WaterfallScene) -> Bool
    ) {
        let deadline = Date().addingTimeInterval(60)  // a guard against a hang, never a measure: a busy machine is slow
        repeat {
            feed.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
            scene.advance()
            scene.prepareFrame()
            scene.render(into: frame, text: nil)
        } while !(isDone(scene) && !scene.isAnimating) && Date() < deadline
    }

    @Test func aThumbnailArrivingInViewFadesInOverItsPlaceholder() throws {
        let (root, paths) = try Self.folder([0xFFF0_F0F0])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(paths: paths, threads: 1, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        var options = WaterfallScene.Options()
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: 1280, height: 800)
        let deadline = Date().addingTimeInterval(20)
        while feed.loaded == 0 && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
            scene.prepareFrame()  // asks for the thumbnails in view
        }
        #expect(scene.fading[scene.key(at: 0)] == 0 && scene.isAnimating)
        let tile = scene.layout.frame(at: 0)
        let placeholder = scene.items[0].color.pixel
        var greens: [UInt32] = []
        for _ in 0...TileFades.frames {
            scene.render(into: frame, text: nil)
            greens.append(frame[Int(tile.center.x), Int(tile.center.y)] >> 8 & 0xFF)
            scene.advance()
        }
        // From near the placeholder's, step by step, to the picture's own once the fade is over.
        #expect(greens.first! > placeholder >> 8 & 0xFF && greens.first! < 0x60, "\(greens)")
        #expect(zip(greens, greens.dropFirst()).allSatisfy { $0 < $1 } && greens.last == 0xF0, "\(greens)")
        #expect(!scene.isAnimating)
    }

    @Test func tilesShowThePicturesOnceTheyArrive() throws {
        let colours: [UInt32] = [0xFFD0_3030, 0xFF30_D030, 0xFF30_30D0]
        let (root, paths) = try Self.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var problems: [String] = []
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { problems.append($0) }
        var options = WaterfallScene.Options()
        options.size = Size(width: 800, height: 600)
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: 800, height: 600)
        Self.play(&scene, feed, into: frame) { scene in feed.loaded == 3 && scene.items.count == 4 }
        #expect(scene.items.count == 4 && feed.loaded == 3)
        #expect(problems.count == 1 && problems[0].hasSuffix("p4.jpg: not a picture: it holds text"))
        for (index, colour) in colours.enumerated() {
            let tile = scene.layout.frame(at: index)
            #expect(abs(tile.width / tile.height - Double(200 + 100 * index) / 200) < 1e-9, "aspect ratio kept")
            #expect(frame[Int(tile.center.x), Int(tile.center.y)] == colour, "picture \(index + 1)")
        }
        let broken = scene.layout.frame(at: 3)
        #expect(frame[Int(broken.minX) + 4, Int(broken.minY) + 12] == WaterfallPainter.brokenColor.pixel)
        #expect(WaterfallPainter(scene: scene).barText.right == "4 pictures   1 broken")
        scene.handle(.press(broken.center))
        scene.handle(.release(broken.center))
        #expect(WaterfallPainter(scene: scene).barText.left == "p4.jpg   4/4   not a picture: it holds text")
    }

    /// The bar says the size a picture shows at (sides swapped by a quarter turn), counts in the
    /// singular, and an animation's frame count only once known.
    @Test func theBarSaysWhatShows() throws {
        let (root, paths) = try Self.folder([0xFFD0_3030, 0xFF30_D030])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.members.listing.skippedFiles = 1
        var options = WaterfallScene.Options()
        options.size = Size(width: 800, height: 600)
        var scene = WaterfallScene(options: options, pictures: feed)
        Self.play(&scene, feed, into: Framebuffer(width: 800, height: 600)) { $0.items.count == 3 }
        #expect(WaterfallPainter(scene: scene).barText.right.hasSuffix("1 other file skipped"))
        scene.handle(.key(.home))
        scene.handle(.key(.next))
        scene.handle(.key(.open))
        #expect(
            WaterfallPainter(scene: scene).barText.left.hasPrefix("p2.png   2/3   300x200"),
            "\(WaterfallPainter(scene: scene).barText.left)")
        scene.handle(.key(.rotateClockwise))
        #expect(
            WaterfallPainter(scene: scene).barText.left.hasPrefix("p2.png   2/3   200x300"),
            "\(WaterfallPainter(scene: scene).barText.left)")
        #expect(WaterfallPainter.frame((frame: 10, count: nil)) == "frame 11")
        #expect(WaterfallPainter.frame((frame: 10, count: 60)) == "frame 11/60")
        #expect(WaterfallPainter.skipped(3) == "3 other files skipped")
    }

    @Test func enterOpensThePictureAtTheWindowsSizeAndEscapeComesBack() throws {
        let colours: [UInt32] = [0xFFD0_3030, 0xFF30_D030, 0xFF30_30D0]
        let (root, paths) = try Self.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        var waterfall = WaterfallScene.Options()
        waterfall.size = Size(width: 640, height: 480)
        waterfall.showsHUD = false
        var model = ViewerModel(force: ForceScene.Options(), waterfall: waterfall, pictures: feed, view: .waterfall)
        var scene = model.waterfall
        let frame = Framebuffer(width: 640, height: 480)
        Self.play(&scene, feed, into: frame) { $0.items.count == 4 }
        model = ViewerModel(force: ForceScene.Options(), waterfall: waterfall, pictures: feed, view: .waterfall)
        model.takePictureResults()
        let tile = model.waterfall.layout.frame(at: 1)
        model.handle(.press(tile.center))
        model.handle(.release(tile.center))
        let folderTitle = "\(root) - Cellscape"
        #expect(model.title == folderTitle, "the grid's title names the folder")
        model.handle(.key(.open))
        #expect(model.waterfall.openPicture?.index == 1)
        #expect(model.title == "p2.png - Cellscape", "the window's title names the open picture")
        let deadline = Date().addingTimeInterval(20)
        repeat {
            feed.loader.waitForWake(milliseconds: 20)
            model.takePictureResults()
            model.prepareFrame()
            model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: nil)
        } while (feed.viewImage(1) ?? feed.thumbnail(1)) == nil && Date() < deadline
        // 300 x 200 fits a 640 x 480 window at 100%, within the grid's side: its thumbnail is the whole
        // picture, and no image at the window's size is decoded. Drawn in the middle.
        #expect(feed.viewImage(1) == nil && feed.thumbnail(1)?.width == 300)
        #expect(frame[320, 240] == colours[1] && frame[100, 240] != colours[1])
        model.handle(.key(.addCells))
        model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: nil)
        #expect(frame[320 - 170, 240] == colours[1], "zoomed in about the centre: wider than before")
        model.handle(.key(.next))
        #expect(model.waterfall.openPicture?.index == 2 && model.waterfall.openPicture?.zoom == nil)
        let offset = model.waterfall.scrollOffset
        model.handle(.key(.back))
        #expect(model.waterfall.openPicture == nil && !model.wantsQuit && model.waterfall.scrollOffset == offset)
        #expect(model.title == folderTitle)
        model.handle(.key(.back))
        #expect(model.wantsQuit, "Escape on the grid quits")
    }

    @Test func cellsShowTheirPicturesAndEnterOpensTheClickedOne() throws {
        let colours: [UInt32] = [0xFFD0_3030, 0xFF30_D030, 0xFF30_30D0]
        let (root, paths) = try Self.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        var force = ForceScene.Options()
        force.size = Size(width: 400, height: 300)
        force.showsHUD = false
        var waterfall = WaterfallScene.Options()
        waterfall.size = force.size
        var model = ViewerModel(force: force, waterfall: waterfall, pictures: feed, view: .force)
        #expect(model.force.layout.count == 4, "a cell per picture")
        while !model.force.layout.isSettled { model.advance() }
        let frame = Framebuffer(width: 400, height: 300)
        // The thumbnails in and every header (a click opens a picture whose header came); the
        // deadline only guards against a hang.
        let deadline = Date().addingTimeInterval(120)
        repeat {
            feed.loader.waitForWake(milliseconds: 20)
            model.takePictureResults()
            model.prepareFrame()
            model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: nil)
        } while (feed.loaded < 3 || feed.headersArrived < 4) && Date() < deadline
        for (index, colour) in colours.enumerated() {
            let centre = model.force.windowPoint(for: model.force.layout.cell(at: index).position)
            #expect(frame[Int(centre.x), Int(centre.y)] == colour, "cell \(index)")
        }
        let clicked = model.force.windowPoint(for: model.force.layout.cell(at: 2).position)
        model.handle(.press(clicked))
        model.handle(.release(clicked))
        #expect(
            model.force.selectedPicture == feed.order[2] && model.force.layout.count == 4,
            "a click selects, adds nothing")
        model.handle(.key(.open))
        #expect(model.view == .waterfall && model.waterfall.openPicture?.index == 2)
    }
}

/// Zooming an open picture keeps the picture point under the pointer in place.
@Suite struct PictureViewTests {
    @Test func theWheelZoomsAboutThePointer() {
        let picture = Size(width: 3000, height: 2000)
        let window = Size(width: 1280, height: 800)
        var view = PictureView(index: 0, picture: picture)
        let pointer = Point(x: 300, y: 250)
        let before = view.rect(picture: picture, window: window)
        let scaleBefore = view.scale(picture: picture, window: window)
        let pointed = Point(x: (pointer.x - before.minX) / scaleBefore, y: (pointer.y - before.minY) / scaleBefore)
        for _ in 0..<3 { view.zoom(by: PictureView.zoomStep, about: pointer, picture: picture, window: window) }
        let after = view.rect(picture: picture, window: window)
        let scale = view.scale(picture: picture, window: window)
        #expect(abs(scale - scaleBefore * pow(1.25, 3)) < 1e-12)
        #expect(abs(after.minX + pointed.x * scale - pointer.x) < 1e-9)
        #expect(abs(after.minY + pointed.y * scale - pointer.y) < 1e-9)
    }

    @Test func aWheelLineKeepsThePointer() throws {
        let line = RecordedSession.line(
            RecordedSession.Input(
                frame: 1, command: .wheel(-1, at: Point(x: 10.5, y: 20.5)), digest: StateDigest()))
        let session = try RecordedSession.parse(
            [RecordedSession.line(SessionTests.header), line, #"{"digest":"cbf29ce484222325","end":1}"#].joined(
                separator: "\n"))
        #expect(session.inputs.first?.command == .wheel(-1, at: Point(x: 10.5, y: 20.5)))
    }
}
