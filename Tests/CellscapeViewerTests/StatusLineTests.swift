import CellscapeLayout
import Foundation
import Testing

@testable import CellscapeViewer

/// What the window says in its bar: a status whole for four seconds, then fading out over half a
/// second, with a deadline at the fade for the loop to wake on; the key-handler's prompt and a
/// running slideshow while they last.
@Suite struct StatusLineTests {
    @Test func aStatusShowsThenFadesAndGoes() {
        let status = StatusLine("3 moved to the trash", since: 1_000)
        #expect(status.opacity(at: 1_000) == 1 && status.opacity(at: 4_000_001_000) == 1)
        #expect(abs(status.opacity(at: 4_250_001_000) - 0.5) < 1e-12)
        #expect(status.opacity(at: 4_500_001_000) == 0 && status.opacity(at: 9_000_000_000) == 0)
        #expect(status.deadline(at: 2_000) == 4_000_001_000 && status.deadline(at: 4_000_001_000) == nil)
        #expect(!status.isFading(at: 4_000_000_999) && status.isFading(at: 4_000_001_000))
    }

    @Test func theBarSaysTheStatusThePromptAndTheSlideshow() throws {
        var (model, _, root) = try PictureBrowsingTests.model(3, bar: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(WaterfallPainter(scene: model.waterfall).barMessage == nil)
        let now = monotonicNanoseconds()
        model.say("copied 2 paths", now: now)
        #expect(
            WaterfallPainter(scene: model.waterfall).barMessage?.text == "copied 2 paths"
                && WaterfallPainter(scene: model.waterfall).barMessage?.opacity == 1)
        #expect(model.nextAnimationDeadline == now + StatusLine.shown, "the loop wakes when the fade starts")
        model.waterfall.messages.prepare(now: now + StatusLine.shown + StatusLine.fading / 2)
        #expect(abs((WaterfallPainter(scene: model.waterfall).barMessage?.opacity ?? 0) - 0.5) < 1e-9)
        model.waterfall.messages.prepare(now: now + StatusLine.shown + StatusLine.fading)
        #expect(
            model.waterfall.status == nil && WaterfallPainter(scene: model.waterfall).barMessage == nil,
            "gone once faded")
        model.handle(.key(.keyHandlerPrefix))
        #expect(WaterfallPainter(scene: model.waterfall).barMessage?.text == "x: the next key goes to the key-handler")
        model.handle(.handlerKey("r"))
        #expect(WaterfallPainter(scene: model.waterfall).barMessage == nil)
        model.handle(.key(.toggleSlideshow))
        #expect(WaterfallPainter(scene: model.waterfall).barMessage?.text == "slideshow, a picture every 5 s")
        #expect(WaterfallPainter.mixed(.text, .panel, 0) == .panel && WaterfallPainter.mixed(.text, .panel, 1) == .text)
    }
}
