import CellscapeLayout
import CellscapeRender

/// The HUD both views draw: lines of text on a translucent panel in the top-left corner.
///
/// In a small window it shrinks to the lines that fit in a third of its height, and it leaves out
/// what would not fit its width: the window is for the view.
enum HUDPanel {
    /// Space around the panel and around its text, in pixels: half a line, so it grows with the text
    /// (8 at the 14-pixel text of a 96-dpi screen).
    static func margin(for text: TextRenderer) -> Int { max(4, (text.lineHeight + 1) / 2) }
    /// How much of the window's height the panel may cover.
    static let largestShareOfHeight = 1.0 / 3

    /// Draws `lines`, one per line height, on the panel, at `opacity`.
    static func draw(_ lines: [String], into frame: Framebuffer, text: TextRenderer, opacity: Double = 0.75) {
        let margin = margin(for: text)
        let room = Int(Double(frame.height) * largestShareOfHeight) - 2 * margin
        let fitting = lines.prefix(max(0, room / text.lineHeight)).filter {
            text.width(of: $0) + 4 * margin <= frame.width
        }
        guard !fitting.isEmpty else { return }
        let width = fitting.map(text.width(of:)).max() ?? 0
        let panel = Rect(
            x: Double(margin), y: Double(margin), width: Double(width + 2 * margin),
            height: Double(fitting.count * text.lineHeight + 2 * margin))
        frame.fill(panel, color: .panel, alpha: opacity)
        for (number, line) in fitting.enumerated() {
            text.draw(line, x: 2 * margin, y: 2 * margin + number * text.lineHeight, color: .text, into: frame)
        }
    }
}
