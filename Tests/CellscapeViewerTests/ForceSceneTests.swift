import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The force view's state, driven by commands as the X11 layer drives it.
@Suite struct ForceSceneTests {
    static func scene(cells: Int = 0, size: Size = Size(width: 400, height: 300)) -> ForceScene {
        var options = ForceScene.Options()
        options.cells = cells
        options.size = size
        options.seed = 5
        return ForceScene(options: options)
    }

    static func settle(_ scene: inout ForceScene, limit: Int = 5_000) {
        var frames = 0
        while scene.isAnimating && frames < limit {
            scene.advance()
            frames += 1
        }
    }

    /// A cell at the window's edge can lie wholly outside the frame once its rim is taken off: its
    /// picture is then left out (the soak found this trapping), and one across the edge is cut there.
    @Test func aPictureDiscOffTheFrameIsLeftOutAndOneAcrossTheEdgeIsCut() {
        let painted = Framebuffer(width: 8, height: 8)
        painted.fill(Color(hex: 0xC8_3C3C))
        let picture = painted.finished()
        let frame = Framebuffer(width: 40, height: 30)
        frame.fill(Color(hex: 0x00_0000))
        let pixels = { (0..<30).flatMap { y in (0..<40).map { frame[$0, y] } } }
        let before = pixels()
        for center in [
            Point(x: 20, y: -5.5), Point(x: 20, y: 35.5), Point(x: -5.5, y: 15), Point(x: 45.5, y: 15),
            Point(x: -1e300, y: 1e300), Point(x: .nan, y: 10),
        ] {
            ForceScene.fillDisc(at: center, radius: 5, with: picture, into: frame)
        }
        #expect(pixels() == before)
        ForceScene.fillDisc(at: Point(x: 20, y: 2), radius: 5, with: picture, into: frame)
        #expect(frame[20, 0] == picture[0, 0] && frame[20, 6] == picture[0, 0])
        #expect(frame[20, 7] == before[7 * 40 + 20] && frame[26, 2] == before[2 * 40 + 26])
    }

    @Test func aClickOnEmptySpaceAddsACellThere() {
        var scene = Self.scene()
        scene.handle(.press(Point(x: 100.5, y: 80.5)))
        scene.handle(.release(Point(x: 100.5, y: 80.5)))
        #expect(scene.layout.count == 1)
        #expect(scene.layout.cell(at: 0).position == Point(x: 100.5, y: 80.5))
        #expect(scene.cell(at: Point(x: 105, y: 80)) == scene.layout.cell(at: 0).id)
        #expect(scene.cell(at: Point(x: 300, y: 200)) == nil)
    }

    @Test func oneCellSettlesAtTheCentreAndFollowsAResize() {
        var scene = Self.scene()
        scene.handle(.press(Point(x: 50, y: 60)))
        scene.handle(.release(Point(x: 50, y: 60)))
        Self.settle(&scene)
        let animating = scene.isAnimating
        #expect(!animating)
        #expect(scene.layout.cell(at: 0).position.distance(to: Point(x: 200, y: 150)) < 2)
        scene.handle(.resize(Size(width: 600, height: 500)))
        let woken = scene.isAnimating
        #expect(woken)
        Self.settle(&scene)
        #expect(scene.layout.cell(at: 0).position.distance(to: Point(x: 300, y: 250)) < 2)
    }

    @Test func dragPinsACellAndReleaseLetsItGo() {
        var scene = Self.scene()
        scene.handle(.press(Point(x: 200, y: 150)))
        scene.handle(.release(Point(x: 200, y: 150)))
        Self.settle(&scene)
        let start = scene.layout.cell(at: 0).position
        scene.handle(.press(Point(x: start.x + 3, y: start.y)))  // grabbed 3 px right of its centre
        #expect(scene.layout.count == 1)
        #expect(scene.layout.pinnedCell == scene.layout.cell(at: 0).id)
        scene.handle(.drag(Point(x: 60, y: 40)))
        for _ in 0..<10 { scene.advance() }
        #expect(scene.layout.cell(at: 0).position == Point(x: 57, y: 40))
        let dragging = scene.isAnimating
        #expect(dragging)
        scene.handle(.release(Point(x: 60, y: 40)))
        #expect(scene.layout.pinnedCell == nil)
        Self.settle(&scene)
        #expect(scene.layout.cell(at: 0).position.distance(to: Point(x: 200, y: 150)) < 2)
    }

    @Test func rightClickRemovesTheCellUnderThePointer() {
        var scene = Self.scene()
        scene.handle(.press(Point(x: 100, y: 100)))
        scene.handle(.release(Point(x: 100, y: 100)))
        scene.handle(.remove(Point(x: 300, y: 100)))
        #expect(scene.layout.count == 1)
        scene.handle(.remove(Point(x: 104, y: 97)))
        #expect(scene.layout.count == 0)
    }

    @Test func keysChangeTheScene() {
        var scene = Self.scene(cells: 30)
        scene.handle(.key(.addCells))
        #expect(scene.layout.count == 130)
        scene.handle(.key(.removeCells))
        #expect(scene.layout.count == 30)
        #expect(scene.layout.cells.map(\.id) == Array(0..<30))
        scene.handle(.key(.removeCells))
        #expect(scene.layout.count == 0)
        scene.handle(.key(.reset))
        #expect(scene.layout.count == 30)
        #expect(scene.seed != 5)
        scene.handle(.key(.clear))
        #expect(scene.layout.count == 0)
        scene.handle(.key(.togglePause))
        #expect(scene.isPaused)
        scene.handle(.key(.addCells))
        let before = scene.layout.cells
        for _ in 0..<300 { #expect(scene.advance() == nil) }
        let animating = scene.isAnimating
        #expect(!animating, "paused: only the zoom eases, then nothing moves")
        #expect(scene.layout.cells == before)
        scene.handle(.key(.toggleHUD))
        scene.handle(.key(.toggleFit))
        #expect(!scene.showsHUD && !scene.fitsWindow)
    }

    @Test func theViewZoomsOutToFitTheCellsAndClicksMapBack() {
        var scene = Self.scene(cells: 600, size: Size(width: 300, height: 200))
        Self.settle(&scene)
        #expect(scene.zoom < 0.5)
        let cloud = scene.layout.cellBounds!
        let topLeft = scene.windowPoint(for: cloud.origin)
        let bottomRight = scene.windowPoint(for: Point(x: cloud.maxX, y: cloud.maxY))
        #expect(topLeft.x >= 0 && topLeft.y >= 0 && bottomRight.x <= 300 && bottomRight.y <= 200)
        #expect(scene.visibleCircles().count == 600)
        let window = Point(x: 17.25, y: 190.5)
        let back = scene.windowPoint(for: scene.layoutPoint(at: window))
        #expect(abs(back.x - window.x) < 1e-9 && abs(back.y - window.y) < 1e-9)
        scene.handle(.press(Point(x: 2, y: 2)))
        let added = scene.layout.cell(at: scene.layout.count - 1).position
        #expect(added.distance(to: scene.layoutPoint(at: Point(x: 2, y: 2))) < 1e-9)
        #expect(added.x < 0 && added.y < 0)
    }

    @Test func theFrameShowsTheCellsInTheirColours() throws {
        var scene = Self.scene()
        scene.handle(.press(Point(x: 120.5, y: 90.5)))
        let frame = Framebuffer(width: 400, height: 300)
        scene.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: try TextRenderer())
        #expect(frame[120, 90] == Color.palette(for: scene.layout.cell(at: 0).id).pixel)
        #expect(frame[390, 290] == Color.background.pixel)
        #expect(scene.hudLines.first == "cells 1   animating   step 0")
    }
}
