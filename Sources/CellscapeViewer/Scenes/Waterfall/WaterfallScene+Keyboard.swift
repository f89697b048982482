import CellscapeLayout

/// The grid from the keyboard: the keys move the selection, and the view follows it.
extension WaterfallScene {
    /// Moves the selection as a key asks: to the next or previous item, the tile above or below in
    /// its column, a screen up or down, the first or the last; the first key selects the first tile
    /// in view. Returns false for keys that do not move it.
    mutating func moveSelection(_ key: KeyCommand) -> Bool {
        guard !(itemCount == 0) else { return false }
        guard let current = selection, current < itemCount else {
            guard [.next, .previous, .left, .right, .lineUp, .lineDown, .pageUp, .pageDown, .home, .end].contains(key)
            else {
                return false
            }
            selection = key == .end ? itemCount - 1 : key == .home ? 0 : firstInView ?? 0
            return true
        }
        switch key {
        case .next, .right: selection = min(itemCount - 1, current + 1)
        case .previous, .left: selection = max(0, current - 1)
        case .lineDown: selection = neighbour(of: current, below: true) ?? current
        case .lineUp: selection = neighbour(of: current, below: false) ?? current
        case .pageDown, .pageUp:
            // A screen on: the tile of the same column a window's height away, and the view with it.
            let distance = (viewport.height - 40) * (key == .pageDown ? 1 : -1)
            let target = layout.frame(at: current).center.y + distance
            var moved = current
            while let next = neighbour(of: moved, below: distance > 0),
                distance > 0 ? layout.frame(at: moved).center.y < target : layout.frame(at: moved).center.y > target
            {
                moved = next
            }
            selection = moved
            scroll(toOffset: scrollOffset + distance)
        case .home: selection = 0
        case .end: selection = itemCount - 1
        default: return false
        }
        return true
    }

    /// Makes the tiles a step larger (or smaller), between 96 and 1024 points wide: the layout places
    /// every item again, keeping the selected tile (else the top one) where it was on screen, and the
    /// thumbnails follow the new width.
    mutating func resizeTiles(larger: Bool) {
        guard case .minimumWidth(let width) = layout.configuration.columns else { return }
        let wanted = larger ? width * Self.tileStep : width / Self.tileStep
        let bounded = min(1024 * scale, max(96 * scale, wanted))
        guard abs(bounded - width) > 0.5 else { return }
        let anchor =
            selection.flatMap { layout.indices(in: visibleRect).contains($0) ? $0 : nil }
            ?? layout.topItem(at: scrollOffset)
        var configuration = layout.configuration
        configuration.columns = .minimumWidth(bounded)
        keepingInPlace(anchor) { $0.layOutAgain(configuration: configuration) }
        loadPagesIfNeeded()
    }

    /// How much larger a step makes the tiles.
    static let tileStep = 1.25

    /// The topmost tile wholly or partly in view, the leftmost of those at that height.
    var firstInView: Int? { layout.firstItem(in: visibleRect) }

    /// The nearest tile below (or above) `index` in its column, if any within three screens.
    private func neighbour(of index: Int, below: Bool) -> Int? {
        layout.neighbour(of: index, below: below, reach: 3 * max(viewport.height, layout.frame(at: index).height))
    }
}
