import Dispatch
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures
@testable import CellscapeRender
@testable import CellscapeViewer

/// Pictures that join through a source, as a remote feed's do: they arrive over time, their sizes
/// known before their pixels, and their pixels come from memory. Neither the order, the thumbnails
/// nor the scene know where they came from.
@Suite struct PictureSourceTests {
    /// A source the test feeds by hand.
    final class HandSource: PictureSource {
        var waiting: [SourcePicture] = []
        func takeArrived() -> [SourcePicture] {
            defer { waiting.removeAll() }
            return waiting
        }
    }

    /// Bytes held back until the test lets them go, as a download still under way: the worker that
    /// reads them waits (on a semaphore, no sleep).
    static func heldBack(_ name: String, _ bytes: [UInt8], until gate: DispatchSemaphore) -> PictureBytes {
        PictureBytes(name: name) { () throws(PictureProblem) in
            gate.wait()
            gate.signal()
            return bytes
        }
    }

    /// A solid PNG of `width` x `height` in `colour`, made in memory.
    static func png(_ width: Int, _ height: Int, _ colour: UInt32) throws -> [UInt8] {
        let frame = Framebuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { frame[x, y] = colour } }
        return try #require(PictureEncoder.png(frame))
    }

    @Test func picturesArriveOverTimeLaidOutAtTheirSizesBeforeTheirPixels() throws {
        let gate = DispatchSemaphore(value: 0)
        let colours: [UInt32] = [0xFFD0_3020, 0xFF20_A040, 0xFF30_40E0]
        let sizes = [(300, 200), (200, 400), (250, 250)]
        let pictures = try zip(sizes, colours).enumerated().map { index, entry in
            SourcePicture(
                bytes: Self.heldBack("s\(index).png", try Self.png(entry.0.0, entry.0.1, entry.1), until: gate),
                size: Size(width: Double(entry.0.0), height: Double(entry.0.1)))
        }
        let feed = PictureFeed(paths: [], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        let source = HandSource()
        feed.read(source)
        var options = WaterfallScene.Options()
        options.size = Size(width: 700, height: 500)
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)

        // The first two arrive: laid out at once at the sizes the source gave, no pixel read yet.
        source.waiting = Array(pictures[0..<2])
        scene.takePictureResults()
        scene.prepareFrame()
        #expect(scene.itemCount == 2 && feed.count == 2)
        #expect(scene.layout.size(at: 0) == Size(width: 300, height: 200))
        #expect(scene.layout.size(at: 1) == Size(width: 200, height: 400))
        #expect(feed.name(of: 1) == "s1.png" && !feed.hasThumbnail(at: 0) && feed.header(at: 0) == nil)
        let before = (0..<2).map { scene.layout.frame(at: $0) }

        // The third arrives later, after them.
        source.waiting = [pictures[2]]
        scene.takePictureResults()
        #expect(scene.itemCount == 3 && (0..<2).map { scene.layout.frame(at: $0) } == before)

        // The bytes arrive: headers and thumbnails are read from memory, and no tile moves.
        gate.signal()
        let deadline = Date().addingTimeInterval(30)
        // Thumbnails and headers: a source's pictures may show before their headers are read.
        while !(0..<3).allSatisfy({ feed.hasThumbnail(at: $0) && feed.header(at: $0) != nil }) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 100)
            scene.takePictureResults()
            scene.prepareFrame()
        }
        #expect((0..<3).allSatisfy(feed.hasThumbnail(at:)), "\((0..<3).map { feed.problem(at: $0) ?? "-" })")
        #expect(feed.header(at: 2).map { [$0.width, $0.height] } == [250, 250])
        #expect((0..<2).map { scene.layout.frame(at: $0) } == before, "nothing moved when the pixels arrived")
        scene.finishFades()
        let frame = Framebuffer(width: 700, height: 500)
        scene.render(into: frame, text: nil)
        for index in 0..<3 {
            let tile = scene.layout.frame(at: index)
            #expect(frame[Int(tile.center.x), Int(tile.center.y)] == colours[index], "tile \(index)")
        }
    }

    @Test func aSourcePictureThatIsNotOneSaysSoUnderItsName() throws {
        var said: [String] = []
        let feed = PictureFeed(paths: [], threads: 1, diskCache: nil, memoryBytes: 1 << 24) { said.append($0) }
        let source = HandSource()
        feed.read(source)
        source.waiting = [SourcePicture(bytes: PictureBytes(name: "note.png", bytes: Array("plain text".utf8)))]
        feed.waitForAllHeaders()
        #expect(feed.count == 1 && feed.isBroken(at: 0) && feed.problem(at: 0) == "not a picture: it holds text")
        #expect(said == ["note.png: not a picture: it holds text"])
        // It leaves, and its bytes go with it.
        let id = feed.order[0]
        #expect(feed.loader.core.location(id).held != nil)
        feed.remove([0])
        #expect(feed.count == 0 && feed.loader.core.location(id).held == nil)
    }

    @Test func filesAndHeldBytesJoinThroughSourcesInTheOrderGiven() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-source-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = try [(40, 30, UInt32(0xFF10_2030)), (20, 50, 0xFF40_5060)].enumerated().map { index, entry in
            let path = "\(root)/f\(index).png"
            try Data(try Self.png(entry.0, entry.1, entry.2)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let feed = PictureFeed(paths: [files[0]], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        let source = HandSource()
        feed.read(source)
        source.waiting = [
            SourcePicture(bytes: PictureBytes(name: "m.png", bytes: try Self.png(10, 70, 0xFF70_8090))),
            SourcePicture(file: files[1]),
        ]
        feed.waitForAllHeaders()
        // The paths given first, then the source's pictures in its order; each read from where it is.
        #expect(feed.paths == [files[0], "m.png", files[1]])
        #expect(
            (0..<3).map { feed.header(at: $0).map { [$0.width, $0.height] } } == [[40, 30], [10, 70], [20, 50]])
        #expect(feed.order.ids == (0..<3).map(PictureID.init))
    }
}
