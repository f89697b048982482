import CellscapeLayout

/// The tiles the keyboard moves between, found by the layout's own query.
extension WaterfallLayout {
    /// The topmost item wholly or partly in `rect`, the leftmost of those at that height.
    func firstItem(in rect: Rect) -> Int? {
        indices(in: rect).min { first, second in
            let a = frame(at: first)
            let b = frame(at: second)
            return a.minY != b.minY ? a.minY < b.minY : a.minX < b.minX
        }
    }

    /// The nearest item below (or above) `index` in its column, if any within `reach` pixels.
    func neighbour(of index: Int, below: Bool, reach: Double) -> Int? {
        let tile = frame(at: index)
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
