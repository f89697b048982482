import CellscapeFixtures
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The images an open picture and its neighbours are decoded to at the window's size: which are asked
/// for, which are kept, and which are let go.
@Suite struct PictureFeedViewTests {
    /// A feed of five 600 x 400 pictures with every header read.
    static func feed() throws -> (feed: PictureFeed, root: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-views-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let paths = try (0..<5).map { index in
            let path = "\(root)/p\(index).jpg"
            let bytes = try #require(FixturePictures.jpeg(FixturePictures.pattern(width: 600, height: 400)))
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return path
        }
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        return (feed, root)
    }

    /// Takes results until `done` holds, for up to 20 seconds.
    static func wait(_ feed: PictureFeed, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done() && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
    }

    @Test func theOpenPictureAndItsNeighboursArriveAtTheirSizesAndTheRestAreLetGo() throws {
        let (feed, root) = try Self.feed()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(feed.tileWidth == 256)
        feed.wantView(2, side: 500, prefetching: [1, 3], prefetchSide: 400)
        Self.wait(feed) { [1, 2, 3].allSatisfy { feed.viewImage($0) != nil } }
        #expect(feed.viewImage(2).map { ($0.width, $0.height) } ?? (0, 0) == (500, 333))
        #expect(feed.viewImage(1)?.width == 400 && feed.viewImage(3)?.width == 400)
        // Picture 0 is asked for, then the view moves on before its image can be kept.
        feed.wantView(0, side: 500, prefetching: [1], prefetchSide: 400)
        feed.wantView(4, side: 500, prefetching: [3], prefetchSide: 400)
        Self.wait(feed) { feed.viewImage(4) != nil && feed.viewImage(3) != nil }
        // Whatever else was in flight (picture 0's image) arrives meanwhile and must not be kept.
        feed.loader.waitForWake(milliseconds: 200)
        feed.takeResults()
        #expect(feed.viewImage(4)?.width == 500 && feed.viewImage(3)?.width == 400)
        #expect([0, 1, 2].allSatisfy { feed.viewImage($0) == nil }, "only the open picture and its neighbour")
    }

    @Test func atTheGridsSideOrBelowTheGridsThumbnailServes() throws {
        let (feed, root) = try Self.feed()
        defer { try? FileManager.default.removeItem(atPath: root) }
        feed.wantView(1, side: 200, prefetching: [0, 2], prefetchSide: 256)
        Self.wait(feed) { [0, 1, 2].allSatisfy { feed.thumbnail($0) != nil } }
        #expect([0, 1, 2].allSatisfy { feed.thumbnail($0)?.width == 256 && feed.viewImage($0) == nil })
    }

    /// At 100% in a window far smaller than the picture, the image view holds the picture at the
    /// window's size and a region around what shows at full size, never the whole picture; what the
    /// window shows is the full-size decode's pixels.
    @Test func aPictureZoomedPastTheWindowShowsFromARegion() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-region-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = "\(root)/large.png"
        let full = FixturePictures.pattern(width: 2400, height: 1600)
        _ = FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(full))))
        let feed = PictureFeed(paths: [path], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.size = Size(width: 320, height: 240)
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        _ = scene.takePictureResults()
        scene.open(pictureAt: 0)
        scene.handle(.key(.actualSize))
        let frame = Framebuffer(width: 320, height: 240)
        let decoded = { frame[160, 120] == full[1200, 800] && frame[10, 10] == full[1050, 690] }
        let deadline = Date().addingTimeInterval(20)
        repeat {
            scene.prepareFrame()
            scene.render(into: frame, text: nil)
            feed.loader.waitForWake(milliseconds: 20)
            _ = scene.takePictureResults()
        } while !(feed.region != nil && decoded()) && Date() < deadline
        scene.render(into: frame, text: nil)
        let region = try #require(feed.region)
        #expect(region.scale == 1 && region.part == PictureRegion(x: 880, y: 560, width: 640, height: 480))
        #expect(region.image.width == 640 && region.image.height == 480)
        #expect(decoded(), "the window shows the picture's own pixels at 100%")
        #expect((feed.viewImage(0)?.width ?? 0) <= 320, "held whole only at the window's size")
        // Dragged far past the picture's edge, nothing of it shows: no region is asked, no problem said.
        let asked = feed.open.regionAsked.map { [$0.part.x, $0.part.y, $0.part.width, $0.part.height] }
        scene.handle(.press(Point(x: 300, y: 200)))
        scene.handle(.drag(Point(x: 300 + 5000, y: 200 + 5000)))
        scene.handle(.release(Point(x: 5300, y: 5200)))
        scene.prepareFrame()
        #expect(feed.open.regionAsked.map { [$0.part.x, $0.part.y, $0.part.width, $0.part.height] } == asked)
        scene.handle(.press(Point(x: 300, y: 200)))
        scene.handle(.drag(Point(x: 300 - 20000, y: 200 - 20000)))  // past the bottom right edge
        scene.handle(.release(Point(x: -19700, y: -19800)))
        scene.prepareFrame()
        #expect(feed.open.regionAsked.map { [$0.part.x, $0.part.y, $0.part.width, $0.part.height] } == asked)
    }
}
