import CellscapeLayout
import CellscapeRender

extension WaterfallScene {
    /// The highlight around the selected tile.
    static let highlight = Color(hex: 0xFF_FFFF)
    /// The corner radius of tiles.
    static let cornerRadius = 8.0

    /// Draws the frame: the background, the tiles the layout finds in the visible rect, and the HUD.
    /// Returns how long the layout's query took, in nanoseconds.
    @discardableResult
    public mutating func render(into frame: Framebuffer, text: TextRenderer?) -> UInt64 {
        frame.fill(.background)
        let start = monotonicNanoseconds()
        let visible = layout.indices(in: visibleRect)
        let queried = monotonicNanoseconds() - start
        lastQuery = (visible.count, queried)
        for index in visible { drawTile(index, into: frame, text: text) }
        if showsHUD, let text { HUDPanel.draw(hudLines, into: frame, text: text, opacity: 0.6) }
        return queried
    }

    private func drawTile(_ index: Int, into frame: Framebuffer, text: TextRenderer?) {
        var tile = layout.frame(at: index)
        tile.origin.y -= scrollOffset
        if index == selection {
            let ring = Rect(x: tile.minX - 3, y: tile.minY - 3, width: tile.width + 6, height: tile.height + 6)
            RoundedRectangle(frame: ring, cornerRadius: Self.cornerRadius + 3, color: Self.highlight).draw(into: frame)
        }
        let item = items[index]
        RoundedRectangle(frame: tile, cornerRadius: Self.cornerRadius, color: item.color).draw(into: frame)
        guard let text, tile.height >= Double(text.lineHeight + 12), tile.width > 24 else { return }
        let label = text.truncated(item.title, toWidth: Int(tile.width) - 16)
        let labelColor = item.color.isLight ? Color(hex: 0x14_161C) : Color.text
        text.draw(
            label, x: Int(tile.minX.rounded()) + 8, y: Int((tile.maxY - Double(text.lineHeight) - 6).rounded()),
            color: labelColor, into: frame, clip: tile)
    }

    /// The lines of the HUD, kept short so the panel covers little of the feed: what the query found
    /// and how long it took, the scroll offset, and frame rates only while a fling animates.
    public var hudLines: [String] {
        var first =
            "\(lastQuery.visible)/\(items.count) visible   query \(Self.microseconds(lastQuery.nanoseconds)) us   "
            + "y \(Int(scrollOffset.rounded()))"
        if isAnimating && statistics.hasRecentFrames { first += "   \(Int(statistics.framesPerSecond.rounded())) fps" }
        var lines = [first]
        if let selection {
            let item = items[selection]
            lines.append(
                "selected #\(selection) \"\(item.title)\" \(Int(item.size.width))x\(Int(item.size.height))")
        }
        return lines
    }

    private static func microseconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension Color {
    /// Whether dark text reads better than light text on this colour.
    var isLight: Bool {
        0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue) > 150
    }
}
