import CellscapeLayout
import CellscapeRender

/// The query line over the bottom of the window: the text typed with its caret, what words search,
/// and the suggestions above it, the one chosen lit.
enum QueryOverlay {
    /// The prompt's and the chosen suggestion's colour, and the hint's.
    static let accent = Color(hex: 0x5A_A9E6)
    static let muted = Color(hex: 0x8A_90A0)

    /// Draws `line` in a bar `24 * scale` pixels high at the bottom of the frame, its suggestions above.
    static func draw(_ line: QueryLine, into frame: Framebuffer, text: TextRenderer, scale: Double) {
        let margin = HUDPanel.margin(for: text)
        let height = (24 * scale).rounded()
        let bar = Rect(x: 0, y: Double(frame.height) - height, width: Double(frame.width), height: height)
        frame.fill(bar, color: .panel, alpha: 1)
        let y = Int((bar.center.y - Double(text.lineHeight) / 2).rounded())
        let hint = line.kind == .gifs ? "Tab: stickers" : "Tab: GIFs"
        let hintWidth = text.width(of: hint)
        let prompt = "/ "
        let left = margin + text.width(of: prompt)
        let room = Int(bar.width) - left - 3 * margin - hintWidth
        text.draw(prompt, x: margin, y: y, color: Self.accent, into: frame, clip: bar)
        // A text wider than the line shows its end, where the caret usually is.
        var shown = line.text
        var beforeCaret = line.beforeCaret
        while text.width(of: shown) > room, !shown.isEmpty {
            shown.removeFirst()
            if !beforeCaret.isEmpty { beforeCaret.removeFirst() }
        }
        text.draw(shown, x: left, y: y, color: .text, into: frame, clip: bar)
        let caret = Rect(
            x: Double(left + text.width(of: beforeCaret)), y: Double(y), width: max(1, scale.rounded()),
            height: Double(text.lineHeight))
        frame.fill(caret, color: .text)
        if hintWidth + 4 * margin < Int(bar.width) / 2 {
            text.draw(hint, x: Int(bar.maxX) - margin - hintWidth, y: y, color: Self.muted, into: frame, clip: bar)
        }
        drawSuggestions(line, above: bar, into: frame, text: text, margin: margin)
    }

    private static func drawSuggestions(
        _ line: QueryLine, above bar: Rect, into frame: Framebuffer, text: TextRenderer, margin: Int
    ) {
        let rows = min(line.suggestions.count, max(0, (Int(bar.minY) - margin) / text.lineHeight))
        guard rows > 0 else { return }
        let widest = line.suggestions.prefix(rows).map(text.width(of:)).max() ?? 0
        let panel = Rect(
            x: 0, y: bar.minY - Double(rows * text.lineHeight + margin),
            width: Double(min(Int(bar.width), widest + 4 * margin)), height: Double(rows * text.lineHeight + margin))
        frame.fill(panel, color: .panel, alpha: 0.95)
        for (row, suggestion) in line.suggestions.prefix(rows).enumerated() {
            let top = Int(panel.minY) + margin / 2 + row * text.lineHeight
            if row == line.chosen {
                let lit = Rect(x: 0, y: Double(top), width: panel.width, height: Double(text.lineHeight))
                frame.fill(lit, color: Self.accent, alpha: 0.35)
            }
            text.draw(suggestion, x: 2 * margin, y: top, color: .text, into: frame, clip: panel)
        }
    }
}
