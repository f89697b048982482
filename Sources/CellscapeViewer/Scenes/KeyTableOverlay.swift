import CellscapeLayout
import CellscapeRender

/// The key table over the view (`?` or F1): the rows of the context that shows.
enum KeyTableOverlay {
    /// Draws the table in a panel at the centre of the frame, or as much of it as fits.
    static func draw(_ context: InputContext, into frame: Framebuffer, text: TextRenderer) {
        let entries =
            KeyTable.rows(for: context).map { (keys: $0.input, action: $0.action) }
            + [(keys: "", action: "(\(KeyTable.hiding))")]
        let margin = HUDPanel.margin(for: text)
        let keysWidth = entries.map { text.width(of: $0.keys) }.max() ?? 0
        let actionsWidth = entries.map { text.width(of: $0.action) }.max() ?? 0
        let width = min(keysWidth + actionsWidth + 5 * margin, frame.width - 2 * margin)
        let rows = min(entries.count, max(0, (frame.height - 4 * margin) / text.lineHeight))
        guard rows > 0, width > 0 else { return }
        let panel = Rect(
            x: Double((frame.width - width) / 2), y: Double((frame.height - rows * text.lineHeight) / 2 - 2 * margin),
            width: Double(width), height: Double(rows * text.lineHeight + 4 * margin))
        // The view behind dimmed and the panel all but opaque: the table reads over the brightest tiles.
        frame.fill(
            Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)), color: .panel, alpha: 0.5)
        frame.fill(panel, color: .panel, alpha: 0.97)
        let left = Int(panel.minX) + 2 * margin
        for (row, entry) in entries.prefix(rows).enumerated() {
            let y = Int(panel.minY) + 2 * margin + row * text.lineHeight
            text.draw(entry.keys, x: left, y: y, color: .text, into: frame, clip: panel)
            text.draw(entry.action, x: left + keysWidth + margin, y: y, color: .text, into: frame, clip: panel)
        }
    }
}
