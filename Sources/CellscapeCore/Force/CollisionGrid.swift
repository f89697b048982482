/// A hashed grid of squares over the cells, with a linked list of cells per bucket so that a cell can
/// be moved to another square in O(1) while a sweep is under way.
///
/// Squares are `squareSize` wide; a cell's neighbours within `squareSize` are in the 3 x 3 squares
/// around its own. Buckets are found by hashing a square's column and row, so the grid needs no bounds.
final class CollisionGrid {
    private let heads = ScratchBuffer<Int32>()
    private let next = ScratchBuffer<Int32>()
    private let columns = ScratchBuffer<Int>()
    private let rows = ScratchBuffer<Int>()
    @exclusivity(unchecked) private var bucketBits = 4
    @exclusivity(unchecked) private var squareSize = 1.0

    /// Puts every cell in the square of its current position.
    func build(cells: CellPointers, squareSize: Double) {
        let count = cells.count
        self.squareSize = squareSize
        bucketBits = max(4, (2 * count).bitWidth - (2 * count).leadingZeroBitCount)
        heads.reserve(1 << bucketBits)
        heads.pointer.update(repeating: -1, count: 1 << bucketBits)
        next.reserve(count)
        columns.reserve(count)
        rows.reserve(count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            columns.pointer[index] = square(cells.x[index])
            rows.pointer[index] = square(cells.y[index])
            link(index)
        }
    }

    /// Moves the cell to the square of its current position; returns whether that is another square.
    @discardableResult
    func move(_ index: Int, cells: CellPointers) -> Bool {
        let column = square(cells.x[index])
        let row = square(cells.y[index])
        guard column != columns.pointer[index] || row != rows.pointer[index] else { return false }
        unlink(index)
        columns.pointer[index] = column
        rows.pointer[index] = row
        link(index)
        return true
    }

    /// Calls `body` with every other cell in the 3 x 3 squares around the cell's square.
    @inline(__always)
    func forEachNeighbour(of index: Int, _ body: (Int) -> Void) {
        let column = columns.pointer[index]
        let row = rows.pointer[index]
        for neighbourRow in (row - 1)...(row + 1) {
            for neighbourColumn in (column - 1)...(column + 1) {
                var other = Int(heads.pointer[bucket(column: neighbourColumn, row: neighbourRow)])
                while other >= 0 {
                    if other != index, columns.pointer[other] == neighbourColumn, rows.pointer[other] == neighbourRow {
                        body(other)
                    }
                    other = Int(next.pointer[other])
                }
            }
        }
    }

    private func link(_ index: Int) {
        let key = bucket(column: columns.pointer[index], row: rows.pointer[index])
        next.pointer[index] = heads.pointer[key]
        heads.pointer[key] = Int32(index)
    }

    private func unlink(_ index: Int) {
        let key = bucket(column: columns.pointer[index], row: rows.pointer[index])
        var previous = -1
        var current = Int(heads.pointer[key])
        while current >= 0 && current != index {
            previous = current
            current = Int(next.pointer[current])
        }
        guard current == index else { return }
        if previous < 0 {
            heads.pointer[key] = next.pointer[index]
        } else {
            next.pointer[previous] = next.pointer[index]
        }
    }

    /// The grid square of a coordinate, kept in a range where integer conversion cannot trap.
    @inline(__always)
    private func square(_ coordinate: Double) -> Int {
        let scaled = (coordinate / squareSize).rounded(.down)
        guard scaled.isFinite else { return 0 }
        return Int(min(max(scaled, -0x1p40), 0x1p40))
    }

    @inline(__always)
    private func bucket(column: Int, row: Int) -> Int {
        let hash =
            UInt64(bitPattern: Int64(column)) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(bitPattern: Int64(row)) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: SplitMix64.mix(hash) >> UInt64(64 - bucketBits))
    }
}
