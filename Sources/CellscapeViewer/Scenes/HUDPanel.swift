import CellscapeLayout
import CellscapeRender

/// The HUD both views draw: lines of text on a translucent panel in the top-left corner.
enum HUDPanel {
    /// Space around the panel and around its text, in pixels.
    static let margin = 8

    /// Draws `lines`, one per line height, on the panel.
    static func draw(_ lines: [String], into frame: Framebuffer, text: TextRenderer) {
        let width = lines.map(text.width(of:)).max() ?? 0
        let panel = Rect(
            x: Double(margin), y: Double(margin), width: Double(width + 2 * margin),
            height: Double(lines.count * text.lineHeight + 2 * margin))
        frame.fill(panel, color: .panel, alpha: 0.8)
        for (number, line) in lines.enumerated() {
            text.draw(line, x: 2 * margin, y: 2 * margin + number * text.lineHeight, color: .text, into: frame)
        }
    }
}
