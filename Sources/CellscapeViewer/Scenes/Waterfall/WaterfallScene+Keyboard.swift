import CellscapeLayout

/// The grid from the keyboard: the keys move the selection, and the view follows it.
extension WaterfallScene {
    /// Moves the selection as a key asks: to the next or previous item, the tile above or below in
    /// its column, a screen up or down, the first or the last; the first key selects the first tile
    /// in view. Returns false for keys that do not move it.
    mutating func moveSelection(_ key: KeyCommand) -> Bool {
        guard itemCount > 0, WaterfallLayout.selectionKeys.contains(key) else { return false }
        guard let current = selection, current < itemCount else {
            selection = key == .end ? itemCount - 1 : key == .home ? 0 : firstInView ?? 0
            return true
        }
        // A screen on: the tile of the same column a window's height away, and the view with it.
        let screen = viewport.height - 40
        selection = layout.item(key, from: current, screen: screen, window: viewport.height)
        if key == .pageDown || key == .pageUp { scroll(toOffset: scrollOffset + (key == .pageDown ? screen : -screen)) }
        return true
    }

    /// Makes the tiles a step larger (or smaller), between 96 and 1024 points wide: the layout places
    /// every item again, keeping the selected tile (else the top one) where it was on screen, and the
    /// thumbnails follow the new width.
    mutating func resizeTiles(larger: Bool) {
        guard let configuration = layout.configuration.steppingTiles(larger: larger, scale: scale) else { return }
        let anchor =
            selection.flatMap { layout.indices(in: visibleRect).contains($0) ? $0 : nil }
            ?? layout.topItem(at: scrollOffset)
        keepingInPlace(anchor) { $0.layOutAgain(configuration: configuration) }
        loadPagesIfNeeded()
    }

    /// The topmost tile wholly or partly in view, the leftmost of those at that height.
    var firstInView: Int? { layout.firstItem(in: visibleRect) }
}
