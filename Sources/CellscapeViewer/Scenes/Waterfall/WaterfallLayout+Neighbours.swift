import CellscapeLayout

extension WaterfallConfiguration {
    /// How much larger a step makes the tiles.
    static let tileStep = 1.25

    /// The configuration with tiles a step larger (or smaller), between 96 and 1024 points wide at
    /// `scale`; nil when they are at the bound already or the columns are not set by a tile width.
    func steppingTiles(larger: Bool, scale: Double) -> WaterfallConfiguration? {
        guard case .minimumWidth(let width) = columns else { return nil }
        let wanted = larger ? width * Self.tileStep : width / Self.tileStep
        let bounded = min(1024 * scale, max(96 * scale, wanted))
        guard abs(bounded - width) > 0.5 else { return nil }
        var stepped = self
        stepped.columns = .minimumWidth(bounded)
        return stepped
    }
}

/// The tiles the keyboard moves between, found by the layout's own query.
extension WaterfallLayout {
    /// The item at content point `point`, if any.
    func item(at point: Point) -> Int? {
        indices(in: Rect(center: point, radius: 0.5)).first { frame(at: $0).contains(point) }
    }

    /// The least scroll offset from `offset` that shows the whole of item `index` in a window `window`
    /// pixels high (its top when it is taller), a spacing's margin around it.
    func offset(showing index: Int, from offset: Double, window: Double) -> Double {
        let tile = frame(at: index)
        let margin = configuration.itemSpacing
        if tile.minY - margin < offset || tile.height + 2 * margin > window { return tile.minY - margin }
        if tile.maxY + margin > offset + window { return tile.maxY + margin - window }
        return offset
    }

    /// The topmost item wholly or partly in `rect`, the leftmost of those at that height.
    func firstItem(in rect: Rect) -> Int? {
        indices(in: rect).min { first, second in
            let a = frame(at: first)
            let b = frame(at: second)
            return a.minY != b.minY ? a.minY < b.minY : a.minX < b.minX
        }
    }

    /// The keys that move the selection.
    static let selectionKeys: [KeyCommand] = [
        .next, .previous, .left, .right, .lineUp, .lineDown, .pageUp, .pageDown, .home, .end,
    ]

    /// Where `key` (one of ``selectionKeys``) moves the selection from `current`: the next or previous
    /// item, the tile above or below in its column, the tile of the column `screen` pixels away, the
    /// first or the last; the tiles looked for within three `window` heights.
    func item(_ key: KeyCommand, from current: Int, screen: Double, window: Double) -> Int {
        switch key {
        case .next, .right: return min(count - 1, current + 1)
        case .previous, .left: return max(0, current - 1)
        case .lineDown, .lineUp: return neighbour(of: current, below: key == .lineDown, window: window) ?? current
        case .pageDown, .pageUp:
            let distance = key == .pageDown ? screen : -screen
            let target = frame(at: current).center.y + distance
            var moved = current
            while let next = neighbour(of: moved, below: distance > 0, window: window),
                distance > 0 ? frame(at: moved).center.y < target : frame(at: moved).center.y > target
            {
                moved = next
            }
            return moved
        case .home: return 0
        default: return count - 1
        }
    }

    /// The nearest item below (or above) `index` in its column, if any within three `window` heights
    /// (or three of its own, when taller).
    func neighbour(of index: Int, below: Bool, window: Double) -> Int? {
        let tile = frame(at: index)
        let reach = 3 * max(window, tile.height)
        let strip =
            below
            ? Rect(x: tile.center.x - 0.5, y: tile.maxY, width: 1, height: reach)
            : Rect(x: tile.center.x - 0.5, y: max(0, tile.minY - reach), width: 1, height: min(reach, tile.minY))
        let column = indices(in: strip).filter { candidate in
            let other = frame(at: candidate)
            return candidate != index && (below ? other.minY >= tile.maxY - 0.5 : other.maxY <= tile.minY + 0.5)
        }
        return below
            ? column.min { frame(at: $0).minY < frame(at: $1).minY }
            : column.max { frame(at: $0).maxY < frame(at: $1).maxY }
    }
}
