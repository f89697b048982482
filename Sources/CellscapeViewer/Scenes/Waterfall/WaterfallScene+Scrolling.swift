import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// Dragging, the selection revealed, and scrolling within the content.
extension WaterfallScene {
    mutating func dragged(to point: Point) {
        guard var current = motion.drag else { return }
        if abs(point.y - current.start.y) > Self.clickSlop || abs(point.x - current.start.x) > Self.clickSlop {
            current.moved = true
        }
        current.speed = current.last.y - point.y
        current.last = point
        motion.drag = current
        if current.moved { scroll(to: current.startOffset - (point.y - current.start.y)) }
    }

    mutating func released(at point: Point) {
        guard let current = motion.drag else { return }
        motion.drag = nil
        if current.moved {
            velocity = current.speed
        } else {
            selection = item(at: point)
        }
    }

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
        let tile = layout.frame(at: selection)
        let margin = layout.configuration.itemSpacing
        if tile.minY - margin < scrollOffset || tile.height + 2 * margin > viewport.height {
            scroll(toOffset: tile.minY - margin)
        } else if tile.maxY + margin > scrollOffset + viewport.height {
            scroll(toOffset: tile.maxY + margin - viewport.height)
        }
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
