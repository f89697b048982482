import CellscapeLayout
import CellscapeRender

/// The table of keys that `?` or F1 shows over the view, as the README lists them.
enum KeyTable {
    /// Each key (or input) and what it does.
    static let entries: [(keys: String, action: String)] = [
        ("left click", "add a cell / select a tile"),
        ("left drag", "move a cell / scroll the feed"),
        ("right click", "remove a cell"),
        ("wheel, Page Up/Down, Home/End, arrows", "scroll the feed"),
        ("space", "pause or resume (cells, animations)"),
        ("r / c", "reset with a new seed / clear"),
        ("+ / -", "add / remove 100 cells"),
        ("f", "fit to window"),
        ("h", "show or hide the HUD"),
        ("Tab", "the other view"),
        ("Enter, double click", "open the picture / back to the grid"),
        ("n p, left right", "next / previous picture"),
        ("wheel, + -, 1, f", "zoom about the pointer, 100%, fit"),
        ("drag", "pan an open picture"),
        ("a", "checkerboard or plain behind transparency"),
        (". ,", "next / previous frame of an animation"),
        ("? or F1", "this table (any key hides it)"),
        ("Escape", "back from a picture, or quit"),
        ("q", "quit"),
    ]

    /// Draws the table in a panel at the centre of the frame, or as much of it as fits.
    static func draw(into frame: Framebuffer, text: TextRenderer) {
        let margin = HUDPanel.margin
        let keysWidth = entries.map { text.width(of: $0.keys) }.max() ?? 0
        let actionsWidth = entries.map { text.width(of: $0.action) }.max() ?? 0
        let width = min(keysWidth + actionsWidth + 5 * margin, frame.width - 2 * margin)
        let rows = min(entries.count, max(0, (frame.height - 4 * margin) / text.lineHeight))
        guard rows > 0, width > 0 else { return }
        let panel = Rect(
            x: Double((frame.width - width) / 2), y: Double((frame.height - rows * text.lineHeight) / 2 - 2 * margin),
            width: Double(width), height: Double(rows * text.lineHeight + 4 * margin))
        frame.fill(panel, color: .panel, alpha: 0.9)
        let left = Int(panel.minX) + 2 * margin
        for (row, entry) in entries.prefix(rows).enumerated() {
            let y = Int(panel.minY) + 2 * margin + row * text.lineHeight
            text.draw(entry.keys, x: left, y: y, color: .text, into: frame, clip: panel)
            text.draw(entry.action, x: left + keysWidth + margin, y: y, color: .text, into: frame, clip: panel)
        }
    }
}
