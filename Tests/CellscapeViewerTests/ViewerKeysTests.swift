import CellscapeLayout
import Foundation
import Testing

@testable import CellscapeViewer

/// The keys nsxiv users reach for: arrows and h/j/k/l pan a picture zoomed past the window (and walk
/// the pictures when it fits), 1 and = give 100%, zoom steps stop at 100% on the way, and + / - on
/// the grid change the tiles' size.
@Suite struct ViewerKeysTests {
    @Test func arrowsPanAZoomedPictureAndWalkAFittedOne() throws {
        var (model, _, root) = try PictureBrowsingTests.model(3, size: Size(width: 320, height: 240), bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        model.handle(.key(.home))
        model.handle(.key(.open))
        model.handle(.key(.right))
        #expect(model.waterfall.openPicture?.index == 1, "fitted: the next picture")
        // p2 is 300x200: at 400% it overflows the 320x240 window both ways.
        for _ in 0..<7 { model.handle(.key(.addCells)) }
        let zoomed = try #require(model.waterfall.openPicture)
        #expect((zoomed.zoom ?? 0) > 2)
        model.handle(.key(.right))
        var panned = try #require(model.waterfall.openPicture)
        #expect(panned.index == 1, "zoomed: it pans instead")
        #expect(abs(panned.center.x - zoomed.center.x - 64 / zoomed.zoom!) < 1e-9, "a fifth of the window")
        model.handle(.key(.lineDown))
        panned = try #require(model.waterfall.openPicture)
        #expect(abs(panned.center.y - zoomed.center.y - 48 / zoomed.zoom!) < 1e-9)
        for _ in 0..<100 { model.handle(.key(.left)) }
        let edge = try #require(model.waterfall.openPicture)
        let scene = model.waterfall
        let drawn = edge.rect(picture: Size(width: 300, height: 200), window: scene.viewport)
        #expect(abs(drawn.minX) < 1e-9 && edge.index == 1, "panned to the left edge, no further")
        model.handle(.key(.actualSize))
        #expect(model.waterfall.openPicture?.zoom == 1)
    }

    /// Escape is also "back to the grid": while pictures are marked it never quits (two presses would
    /// lose the marks) and the bar says q does; without marks it quits.
    @Test func escapeNeverQuitsWhilePicturesAreMarked() throws {
        var (model, _, root) = try PictureBrowsingTests.model(3, size: Size(width: 320, height: 240), bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        model.handle(.key(.home))
        model.handle(.key(.toggleMark))
        model.handle(.key(.open))
        model.handle(.key(.back))
        #expect(model.waterfall.openPicture == nil && !model.wantsQuit)
        model.handle(.key(.back))
        #expect(!model.wantsQuit && model.waterfall.marks == [0])
        #expect(model.waterfall.status?.text == "1 marked: q quits (Escape keeps the marks)")
        model.handle(.key(.switchView))
        model.handle(.key(.back))
        #expect(!model.wantsQuit, "nor in the force view")
        model.handle(.key(.switchView))
        model.handle(.key(.clearMarks))
        model.handle(.key(.back))
        #expect(model.wantsQuit)
    }

    @Test func zoomStepsStopAtOneHundredPercent() {
        var view = PictureView(index: 0, picture: Size(width: 2000, height: 1500))
        let window = Size(width: 800, height: 600)
        var scales: [Double] = []
        for _ in 0..<8 {
            view.zoom(
                by: PictureView.zoomStep, about: Point(x: 400, y: 300), picture: Size(width: 2000, height: 1500),
                window: window)
            scales.append(view.zoom!)
        }
        #expect(scales.contains(1), "\(scales)")
        #expect(scales.first == 0.5 && scales[4] == 1 && abs(scales[5] - 1.25) < 1e-12, "\(scales)")
        for _ in 0..<9 {
            view.zoom(
                by: 1 / PictureView.zoomStep, about: Point(x: 400, y: 300), picture: Size(width: 2000, height: 1500),
                window: window)
            if view.zoom! <= 1 { break }
        }
        #expect(view.zoom == 1, "on the way down too")
    }

    @Test func plusAndMinusChangeTheTilesSizeOnTheGrid() throws {
        var (model, feed, root) = try PictureBrowsingTests.model(30, size: Size(width: 1280, height: 800))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = model.waterfall.layout.columnWidth
        model.handle(.key(.home))
        model.handle(.key(.addCells))
        let larger = model.waterfall.layout.columnWidth
        #expect(larger > before && model.waterfall.layout.columnCount < 5, "\(before) to \(larger)")
        #expect(model.waterfall.selection == 0 && model.waterfall.items.count == 31)
        model.handle(.key(.removeCells))
        model.handle(.key(.removeCells))
        #expect(model.waterfall.layout.columnWidth < before)
        model.waterfall.prepareFrame()
        #expect(feed.tileWidth == model.waterfall.layout.columnWidth, "thumbnails follow")
        for _ in 0..<30 { model.handle(.key(.removeCells)) }
        #expect(model.waterfall.layout.columnWidth >= 96, "no smaller than 96 points")
    }
}
