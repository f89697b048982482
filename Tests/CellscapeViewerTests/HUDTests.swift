import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The HUD shows what is true now; the key table shows on `?` and hides on any key.
@Suite struct HUDTests {
    static func model(cells: Int = 30) -> ViewerModel {
        var force = ForceScene.Options()
        force.cells = cells
        force.size = Size(width: 640, height: 480)
        var waterfall = WaterfallScene.Options()
        waterfall.size = force.size
        return ViewerModel(force: force, waterfall: waterfall)
    }

    /// Frames of the showing view, timed as the main loop times them.
    static func play(_ model: inout ViewerModel, frames: Int) {
        for frame in 0..<frames {
            model.advance()
            model.record(start: UInt64(frame) * 16_000_000, step: 1_000_000, frame: 4_000_000)
        }
    }

    @Test func framesRatesShowOnlyWhileTheViewAnimates() {
        var model = Self.model()
        Self.play(&model, frames: 5)
        #expect(model.force.hudLines.contains { $0.contains("fps") })
        while !model.force.layout.isSettled { Self.play(&model, frames: 1) }
        #expect(model.force.hudLines[0].contains("settled"))
        #expect(!model.force.hudLines.contains { $0.contains("fps") })
    }

    @Test func aSnapshotsHUDShowsNoFrameRates() {
        let scene = ForceScene(options: ForceScene.Options())
        #expect(!scene.hudLines.contains { $0.contains("fps") || $0.contains("frame") })
        #expect(scene.hudLines[0] == "cells 200   animating   step 0")
        #expect(!WaterfallPainter(scene: WaterfallScene()).hudLines.contains { $0.contains("fps") })
    }

    @Test func switchingViewsForgetsTheOtherViewsFrames() {
        var model = Self.model()
        Self.play(&model, frames: 5)
        model.handle(.key(.switchView))
        model.handle(.key(.switchView))
        #expect(!model.force.statistics.hasRecentFrames && model.force.statistics.frameMilliseconds == 0)
    }

    @Test func aSmallWindowShowsLessOfTheHUD() throws {
        let text = try TextRenderer()
        let lines = ["one line of the HUD", "another", "a third", "a fourth"]
        let large = Framebuffer(width: 640, height: 480)
        large.fill(.background)
        HUDPanel.draw(lines, into: large, text: text)
        let small = Framebuffer(width: 300, height: 120)
        small.fill(.background)
        HUDPanel.draw(lines, into: small, text: text)
        let panelBottom = { (frame: Framebuffer) in
            (0..<frame.height).last { frame[12, $0] != Color.background.pixel } ?? 0
        }
        #expect(panelBottom(small) < 40 && panelBottom(large) > 4 * text.lineHeight)
        let tiny = Framebuffer(width: 60, height: 60)
        tiny.fill(.background)
        HUDPanel.draw(lines, into: tiny, text: text)
        #expect((0..<60).allSatisfy { tiny[$0, 12] == Color.background.pixel })
    }

    @Test func theKeyTableShowsAndAnyKeyHidesIt() throws {
        var model = Self.model()
        model.handle(.key(.showKeys))
        #expect(model.showsKeys)
        let frame = Framebuffer(width: 640, height: 480)
        model.render(into: frame, rasterizer: CircleRasterizer(threads: 1), text: try TextRenderer())
        #expect(frame[320, 240] != Color.background.pixel)
        let cells = model.force.layout.count
        model.handle(.key(.addCells))
        #expect(!model.showsKeys && model.force.layout.count == cells, "the key only hides the table")
        model.handle(.key(.addCells))
        #expect(model.force.layout.count == cells + 100)
    }

    /// Over white tiles, the table's panel stays dark (the text keeps its contrast) and the view behind
    /// is dimmed.
    @Test func theKeyTableReadsOverBrightTiles() throws {
        let frame = Framebuffer(width: 640, height: 480)
        frame.fill(Color(hex: 0xFF_FFFF))
        KeyTableOverlay.draw(.grid, into: frame, text: try TextRenderer())
        let corner = Color(pixel: frame[2, 2])
        #expect(corner.red < 0x90 && corner.red > 0x60, "the view behind dimmed: \(corner)")
        // Left of the first row's text, inside the panel: the panel's own colour, near opaque.
        let column = (0..<640).first { Color(pixel: frame[$0, 240]).red < 0x40 } ?? 0
        let panel = Color(pixel: frame[column + 2, 240])
        #expect(column > 0 && panel.red < 0x1C && panel.green < 0x1C && panel.blue < 0x24, "\(panel)")
    }
}
