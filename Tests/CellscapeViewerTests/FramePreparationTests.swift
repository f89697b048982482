import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures
@testable import CellscapeViewer

/// One step turns what shows into work for the loader; drawing reads state and writes pixels, nothing
/// else: a frame drawn twice asks for nothing, in the grid, an open picture zoomed past the window, and
/// the force view.
@Suite struct FramePreparationTests {
    /// Prepares a frame, then draws it twice: the loader hears of the preparation and of no drawing.
    static func drawsWithoutAsking(_ model: inout ViewerModel, _ feed: PictureFeed, asks: Bool = false) throws {
        let frame = Framebuffer(width: Int(model.size.width), height: Int(model.size.height))
        let before = feed.loader.requestsMade
        model.prepareFrame()
        let prepared = feed.loader.requestsMade
        if asks { #expect(prepared > before, "the preparation asks for what shows") }
        let scene = model.waterfall
        for _ in 0..<2 {
            model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: try TextRenderer())
        }
        #expect(feed.loader.requestsMade == prepared, "drawing asks for nothing")
        #expect(model.waterfall.lastQuery == scene.lastQuery && model.waterfall.fading == scene.fading)
    }

    @Test func aFrameDrawnTwiceAsksForNothing() throws {
        var (model, feed, root) = try PictureBrowsingTests.model(12)
        defer { try? FileManager.default.removeItem(atPath: root) }
        model.takePictureResults()
        try Self.drawsWithoutAsking(&model, feed)
        // An open picture zoomed past the window: its image and the region around what shows.
        model.waterfall.open(pictureAt: 11)
        model.handle(.key(.actualSize))
        for _ in 0..<6 { model.handle(.key(.addCells)) }
        try Self.drawsWithoutAsking(&model, feed, asks: true)
        model.handle(.key(.back))
        model.handle(.key(.switchView))
        #expect(model.view == .force)
        try Self.drawsWithoutAsking(&model, feed)
    }
}
