import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A waterfall of pictures: tiles keep each picture's aspect ratio, show its pixels once they arrive,
/// and a broken picture gets a broken tile and one line.
@Suite struct PictureWaterfallTests {
    @Test func tilesShowThePicturesOnceTheyArrive() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-feed-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let colours: [UInt32] = [0xFFD0_3030, 0xFF30_D030, 0xFF30_30D0]
        var paths: [String] = []
        for (index, colour) in colours.enumerated() {
            let frame = Framebuffer(width: 200 + 100 * index, height: 200)
            for y in 0..<frame.height { for x in 0..<frame.width { frame[x, y] = colour } }
            let path = "\(root)/p\(index + 1).png"
            FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(frame))))
            paths.append(path)
        }
        FileManager.default.createFile(atPath: "\(root)/p4.jpg", contents: Data("broken".utf8))
        paths.append("\(root)/p4.jpg")
        var problems: [String] = []
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { problems.append($0) }
        var options = WaterfallScene.Options()
        options.pictures = feed
        options.size = Size(width: 800, height: 600)
        options.showsHUD = false
        var scene = WaterfallScene(options: options)
        let frame = Framebuffer(width: 800, height: 600)
        let deadline = Date().addingTimeInterval(20)
        while (feed.loaded < 3 || scene.items.count < 4) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 50)
            scene.takePictureResults()
            scene.render(into: frame, text: nil)
        }
        #expect(scene.items.count == 4 && feed.loaded == 3)
        #expect(problems.count == 1 && problems[0].hasSuffix("p4.jpg: not a JPEG or PNG picture"))
        for (index, colour) in colours.enumerated() {
            let tile = scene.layout.frame(at: index)
            #expect(abs(tile.width / tile.height - Double(200 + 100 * index) / 200) < 1e-9, "aspect ratio kept")
            #expect(frame[Int(tile.center.x), Int(tile.center.y)] == colour, "picture \(index + 1)")
        }
        let broken = scene.layout.frame(at: 3)
        #expect(frame[Int(broken.minX) + 4, Int(broken.minY) + 12] == WaterfallScene.brokenColor.pixel)
        #expect(scene.hudLines.contains("pictures 3 loaded / 4   1 broken"))
    }
}
