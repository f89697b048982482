/// A grid of squares over the cells' bounding box, with a linked list of cells per square so that a
/// cell can be moved to another square in O(1) while a sweep is under way.
///
/// Squares are at least `squareSize` wide; a cell's neighbours within `squareSize` are in the 3 x 3
/// squares around its own. Squares are stored row by row, so the squares around a cell sit side by side
/// in memory. A cell that moves outside the box counts as in the nearest square on its border: two
/// cells in neighbouring squares still land in neighbouring squares, so no neighbour is missed.
final class CollisionGrid {
    /// Per square: its first cell, or -1.
    private let heads = ScratchBuffer<Int32>()
    /// Per cell: the next cell of its square, or -1.
    private let next = ScratchBuffer<Int32>()
    /// Per cell: its square.
    private let squares = ScratchBuffer<Int32>()
    @exclusivity(unchecked) private var squareSize = 1.0
    @exclusivity(unchecked) private var originX = 0.0
    @exclusivity(unchecked) private var originY = 0.0
    @exclusivity(unchecked) private var columns = 1
    @exclusivity(unchecked) private var rows = 1

    /// Puts every cell (`count` of them, at `x` and `y`) in the square of its current position. Squares
    /// grow if the box would need more than about four per cell.
    func build(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int, squareSize: Double) {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for index in 0..<count {
            minX = min(minX, x[index])
            maxX = max(maxX, x[index])
            minY = min(minY, y[index])
            maxY = max(maxY, y[index])
        }
        let width = maxX - minX
        let height = maxY - minY
        var size = max(squareSize, 1e-9)
        if !(width.isFinite && height.isFinite) { size = .infinity }
        while (width / size + 1) * (height / size + 1) > Double(4 * count + 64) { size *= 2 }
        self.squareSize = size
        originX = minX.isFinite ? minX : 0
        originY = minY.isFinite ? minY : 0
        columns = size.isFinite ? Int(width / size) + 1 : 1
        rows = size.isFinite ? Int(height / size) + 1 : 1
        heads.reserve(columns * rows)
        heads.pointer.update(repeating: -1, count: columns * rows)
        next.reserve(count)
        squares.reserve(count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            squares.pointer[index] = Int32(square(x: x[index], y: y[index]))
            link(index)
        }
    }

    /// Moves the cell to the square of its position (`x`, `y`); returns whether that is another square.
    @discardableResult
    func move(_ index: Int, x: Double, y: Double) -> Bool {
        let square = Int32(square(x: x, y: y))
        guard square != squares.pointer[index] else { return false }
        unlink(index)
        squares.pointer[index] = square
        link(index)
        return true
    }

    /// Calls `body` with every other cell in the 3 x 3 squares around the cell's square.
    @inline(__always)
    func forEachNeighbour(of index: Int, _ body: (Int) -> Void) {
        let square = Int(squares.pointer[index])
        let row = square / columns
        let column = square - row * columns
        for neighbourRow in max(row - 1, 0)...min(row + 1, rows - 1) {
            for neighbourSquare
                in (neighbourRow * columns + max(column - 1, 0))...(neighbourRow * columns
                + min(column + 1, columns - 1))
            {
                var other = Int(heads.pointer[neighbourSquare])
                while other >= 0 {
                    if other != index { body(other) }
                    other = Int(next.pointer[other])
                }
            }
        }
    }

    private func link(_ index: Int) {
        let square = Int(squares.pointer[index])
        next.pointer[index] = heads.pointer[square]
        heads.pointer[square] = Int32(index)
    }

    private func unlink(_ index: Int) {
        let square = Int(squares.pointer[index])
        var previous = -1
        var current = Int(heads.pointer[square])
        while current >= 0 && current != index {
            previous = current
            current = Int(next.pointer[current])
        }
        guard current == index else { return }
        if previous < 0 {
            heads.pointer[square] = next.pointer[index]
        } else {
            next.pointer[previous] = next.pointer[index]
        }
    }

    /// The square of a position, clamped to the grid (a position that is not a number counts as its
    /// first square).
    @inline(__always)
    private func square(x: Double, y: Double) -> Int {
        guard squareSize.isFinite else { return 0 }
        let column = (x - originX) / squareSize
        let row = (y - originY) / squareSize
        let clampedColumn = column > 0 ? Int(min(column, Double(columns - 1))) : 0
        let clampedRow = row > 0 ? Int(min(row, Double(rows - 1))) : 0
        return clampedRow * columns + clampedColumn
    }
}
