import CellscapeLayout
import CellscapeRender

extension ForceScene {
    /// Draws the frame: the background, the visible cells and, when shown, the HUD.
    public func render(into frame: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?) {
        rasterizer.draw(visibleCircles(), into: frame, background: .background)
        if showsHUD, let text { HUDPanel.draw(hudLines, into: frame, text: text) }
    }

    /// The lines of the HUD: what is true now. Frame rates only while the view animates and frames
    /// are being timed (a settled view, or a snapshot, has none).
    public var hudLines: [String] {
        let statistics = statistics
        let state = isPaused ? "paused" : (layout.isSettled ? "settled" : "animating")
        var lines = ["cells \(layout.count)   \(state)   step \(layout.stepCount)"]
        if isAnimating && statistics.hasRecentFrames {
            lines.append(
                "\(Self.format(statistics.framesPerSecond, digits: 0)) fps   frame "
                    + "\(Self.format(statistics.frameMilliseconds, digits: 2)) ms   step "
                    + "\(Self.format(statistics.stepMilliseconds, digits: 2)) ms")
        }
        lines.append("largest move \(Self.format(layout.lastMovement.largest, digits: 2)) px")
        lines.append("zoom \(Self.format(zoom * 100, digits: 0))%" + (fitsWindow ? "   fit to window" : ""))
        return lines
    }

    private static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard digits > 0 else { return String(Int(rounded)) }
        let whole = Int(rounded.rounded(.towardZero))
        let fraction = Int((abs(rounded - Double(whole)) * scale).rounded())
        let padded = String(fraction)
        return (rounded < 0 && whole == 0 ? "-" : "") + "\(whole)."
            + String(repeating: "0", count: max(0, digits - padded.count)) + padded
    }
}
