/// The cells sorted into a grid of squares over their bounding box, each square's cells side by side.
///
/// A cell's neighbours within `k` squares lie in `2k + 1` contiguous runs, one per row of squares,
/// with their positions and radii copied into the same order: the tight loops of the collision passes
/// read memory in order instead of chasing a linked list per square. Built in O(n) by a counting sort
/// (cells keep their index order within a square, so every visit order is fixed); kept with the
/// quadtree while no cell drifts far (``refresh(cells:radii:slack:)``).
final class NeighbourGrid {
    /// Per square, where its cells start in the sorted order; one more entry ends the last square.
    private let starts = ScratchBuffer<Int32>()
    /// Per cell (by index), its square.
    private let squareOf = ScratchBuffer<Int32>()
    /// Per cell (by index), its slot in the sorted order.
    let slotOf = ScratchBuffer<Int32>()
    /// In sorted order: each cell's index, position and radius.
    let index = ScratchBuffer<Int32>()
    let x = ScratchBuffer<Double>()
    let y = ScratchBuffer<Double>()
    let radius = ScratchBuffer<Double>()
    /// The same in single precision, positions relative to the first square's corner, with room for
    /// three more so that four lanes can be loaded from any slot.
    let singleX = ScratchBuffer<Float>()
    let singleY = ScratchBuffer<Float>()
    let singleRadius = ScratchBuffer<Float>()
    /// How far a distance from the single-precision copies can be off, at most.
    @exclusivity(unchecked) private(set) var singleMargin: Float = 0
    /// How far a cell may be from the square it was sorted into: 0 when built, the cells' largest
    /// drift since then when refreshed (``refresh(cells:radii:slack:)``).
    @exclusivity(unchecked) private(set) var slack = 0.0
    /// The ``Quadtree/generation`` of the tree whose positions the grid was sorted from, or nil: only
    /// then may the tree's drift serve as the grid's slack. Every build clears it.
    @exclusivity(unchecked) var treeGeneration: Int?
    /// The larger side of the cells' box when built.
    @exclusivity(unchecked) private var extent = 0.0
    /// The side of a square.
    @exclusivity(unchecked) private(set) var squareSize = 1.0
    @exclusivity(unchecked) private var columns = 1
    @exclusivity(unchecked) private var rows = 1
    /// The corner of the first square.
    @exclusivity(unchecked) private var originX = 0.0
    @exclusivity(unchecked) private var originY = 0.0

    /// Sorts the cells into squares at least `squareSize` wide; squares grow if the box would need more
    /// than about four per cell, so a cell flung far away cannot make the grid huge.
    func build(cells: CellPointers, radii: DisjointBuffer<Double>, squareSize minimumSize: Double) {
        let count = cells.count
        treeGeneration = nil
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for cell in 0..<count {
            minX = min(minX, cells.x[cell])
            maxX = max(maxX, cells.x[cell])
            minY = min(minY, cells.y[cell])
            maxY = max(maxY, cells.y[cell])
        }
        let limit = Double(4 * count + 64)
        var size = max(minimumSize, 1e-9)
        let width = maxX - minX
        let height = maxY - minY
        if !(width.isFinite && height.isFinite) { size = .infinity }
        while (width / size + 1) * (height / size + 1) > limit { size *= 2 }
        squareSize = size
        originX = minX
        originY = minY
        columns = size.isFinite ? Int(width / size) + 1 : 1
        rows = size.isFinite ? Int(height / size) + 1 : 1
        let squares = columns * rows
        starts.reserve(squares + 1)
        squareOf.reserve(count)
        // The buffers' pointers in locals: read through the objects, every store in the loops below
        // could have changed them, and each iteration loaded them all again.
        let starts = starts.pointer
        let squareOf = squareOf.pointer
        starts.update(repeating: 0, count: squares + 1)
        for cell in 0..<count {
            let column = size.isFinite ? min(Int((cells.x[cell] - minX) / size), columns - 1) : 0
            let row = size.isFinite ? min(Int((cells.y[cell] - minY) / size), rows - 1) : 0
            squareOf[cell] = Int32(row * columns + column)
            starts[row * columns + column + 1] += 1
        }
        for square in 0..<squares { starts[square + 1] += starts[square] }
        index.reserve(count)
        slotOf.reserve(count)
        x.reserve(count)
        y.reserve(count)
        radius.reserve(count)
        singleX.reserve(count + 3)
        singleY.reserve(count + 3)
        singleRadius.reserve(count + 3)
        let index = index.pointer
        let slotOf = slotOf.pointer
        for cell in 0..<count {
            let square = Int(squareOf[cell])
            let slot = Int(starts[square])
            starts[square] += 1
            index[slot] = Int32(cell)
            slotOf[cell] = Int32(slot)
        }
        let largestRadius = copyCells(cells, radii: radii)
        extent = max(width, height, largestRadius)
        slack = 0
        singleMargin = Self.margin(extent: extent)
        // The scatter moved every start to the next square's start; shift them back.
        for square in stride(from: squares, to: 0, by: -1) { starts[square] = starts[square - 1] }
        starts[0] = 0
    }

    /// Takes the cells' current positions and radii (their number the same as when built), keeping every
    /// cell in the square it was sorted into; `slack` is the farthest any cell has moved since, which
    /// ``View/forEachRun(nearX:y:distance:_:)`` adds to every distance, so no neighbour is missed.
    func refresh(cells: CellPointers, radii: DisjointBuffer<Double>, slack: Double) {
        copyCells(cells, radii: radii)
        self.slack = slack
        singleMargin = Self.margin(extent: extent + 2 * slack)
    }

    /// Copies every cell's position and radius into its slot, in both precisions; returns the largest
    /// radius.
    @discardableResult
    private func copyCells(_ cells: CellPointers, radii: DisjointBuffer<Double>) -> Double {
        let index = index.pointer
        let x = x.pointer
        let y = y.pointer
        let radius = radius.pointer
        let singleX = singleX.pointer
        let singleY = singleY.pointer
        let singleRadius = singleRadius.pointer
        var largestRadius = 0.0
        for slot in 0..<cells.count {
            let cell = Int(index[slot])
            x[slot] = cells.x[cell]
            y[slot] = cells.y[cell]
            radius[slot] = radii[cell]
            singleX[slot] = Float(cells.x[cell] - originX)
            singleY[slot] = Float(cells.y[cell] - originY)
            singleRadius[slot] = Float(radii[cell])
            largestRadius = max(largestRadius, radii[cell])
        }
        return largestRadius
    }

    /// How far a distance from positions within `extent` of the origin, in single precision, can be off.
    private static func margin(extent: Double) -> Float {
        extent.isFinite ? Float(extent) * 1e-6 + 1e-6 : .infinity
    }

    /// The grid as the parallel loops of a step read it; none of them writes it.
    var view: View {
        View(
            starts: starts.shared, squareOf: squareOf.shared, slotOf: slotOf.shared, index: index.shared,
            x: x.shared, y: y.shared, radius: radius.shared, singleX: singleX.shared, singleY: singleY.shared,
            singleRadius: singleRadius.shared, singleMargin: singleMargin, slack: slack, squareSize: squareSize,
            columns: columns, rows: rows, originX: originX, originY: originY)
    }
}

extension NeighbourGrid {
    /// The sorted cells and the grid's shape, as plain values.
    struct View {
        let starts: DisjointBuffer<Int32>
        let squareOf: DisjointBuffer<Int32>
        let slotOf: DisjointBuffer<Int32>
        let index: DisjointBuffer<Int32>
        let x: DisjointBuffer<Double>
        let y: DisjointBuffer<Double>
        let radius: DisjointBuffer<Double>
        let singleX: DisjointBuffer<Float>
        let singleY: DisjointBuffer<Float>
        let singleRadius: DisjointBuffer<Float>
        let singleMargin: Float
        let slack: Double
        let squareSize: Double
        let columns: Int
        let rows: Int
        let originX: Double
        let originY: Double

        /// Calls `body` with the slots of the cells in the squares that meet the square of half-side
        /// `distance` (plus the ``slack``) about (`x`, `y`), one run of slots per row: every cell within
        /// `distance` of that point, and a few more.
        @inline(__always)
        func forEachRun(nearX x: Double, y: Double, distance: Double, _ body: (Range<Int>) -> Void) {
            guard squareSize.isFinite else {
                body(0..<Int(starts[1]))
                return
            }
            // A hair wider, so rounding cannot drop a square that holds a cell at the very edge.
            let reach = (distance + slack) * (1 + 1e-9) + 1e-9
            let scale = 1 / squareSize
            let firstRow = square(of: y - reach - originY, scale: scale, count: rows)
            let lastRow = square(of: y + reach - originY, scale: scale, count: rows)
            let firstColumn = square(of: x - reach - originX, scale: scale, count: columns)
            let lastColumn = square(of: x + reach - originX, scale: scale, count: columns)
            for row in firstRow...lastRow {
                let base = row * columns
                body(Int(starts[base + firstColumn])..<Int(starts[base + lastColumn + 1]))
            }
        }

        /// The column (or row) of squares at `offset` from the origin, clamped to the grid.
        @inline(__always)
        private func square(of offset: Double, scale: Double, count: Int) -> Int {
            let squares = offset * scale
            return squares > 0 ? Int(min(squares, Double(count - 1))) : 0
        }

        /// Calls `body` with the slot of every cell in the squares within `reach` squares of the cell's own
        /// (the cell itself included), row by row.
        @inline(__always)
        func forEachSlot(near cell: Int, reach: Int, _ body: (Int) -> Void) {
            let row = Int(squareOf[cell]) / columns
            let column = Int(squareOf[cell]) - row * columns
            let firstColumn = max(column - reach, 0)
            let lastColumn = min(column + reach, columns - 1)
            for neighbourRow in max(row - reach, 0)...min(row + reach, rows - 1) {
                let base = neighbourRow * columns
                for slot in Int(starts[base + firstColumn])..<Int(starts[base + lastColumn + 1]) {
                    body(slot)
                }
            }
        }
    }
}
