import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// Dragging, the selection revealed, and scrolling within the content.
extension WaterfallScene {
    /// Selects the tile at `index` and scrolls the least that shows it.
    public mutating func select(_ index: Int) {
        guard (0..<itemCount).contains(index) else { return }
        selection = index
        revealSelection()
    }

    /// Scrolls the least that shows the whole selected tile (its top when it is taller than the
    /// window): the grid follows the selection, in it or in an open picture.
    mutating func revealSelection() {
        guard let selection, selection < itemCount else { return }
        let offset = layout.offset(showing: selection, from: scrollOffset, window: viewport.height)
        if offset != scrollOffset { scroll(toOffset: offset) }
    }

    mutating func scroll(by distance: Double, keepingVelocity: Bool = false) {
        if !keepingVelocity { velocity = 0 }
        scroll(to: scrollOffset + distance)
    }

    /// Scrolls to an offset (clamped to the content, loading pages as needed) and stops any fling.
    public mutating func scroll(toOffset offset: Double) {
        velocity = 0
        scroll(to: offset)
    }

    mutating func scroll(to offset: Double) {
        guard offset.isFinite else { return }
        scrollOffset = min(max(0, offset), maximumOffset)
        loadPagesIfNeeded()
        scrollOffset = min(max(0, offset), maximumOffset)
        notePlace()
    }
}
