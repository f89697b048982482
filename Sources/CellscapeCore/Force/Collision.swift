/// Pushes overlapping cells apart after the forces have moved them: one sweep from the centre outwards.
///
/// Cells are taken in order of their distance to the centre; each steps out of every cell taken before
/// it that it overlaps. The spring loads the cloud towards the centre like gravity loads a stack, and
/// as a stack is best built from the bottom, one sweep carries the push through every layer of a packed
/// cloud, where pairwise corrections would only reach a few layers a step. Neighbours are found in a
/// grid of squares as wide as the largest cell. The sweep is serial and fully deterministic.
final class Collision {
    private let cellColumns = ScratchBuffer<Int>()
    private let cellRows = ScratchBuffer<Int>()
    private let keys = ScratchBuffer<Int32>()
    private let bucketStarts = ScratchBuffer<Int32>()
    private let bucketCells = ScratchBuffer<Int32>()
    private let ranks = ScratchBuffer<Int32>()
    private let sorter = RadixSort()
    private var bucketBits = 0
    private var squareSize = 1.0

    /// Resolves overlaps; each cell checks its earlier neighbours `passes` times.
    func resolve(cells: CellPointers, center: Point, passes: Int, jitter: PairJitter) {
        let count = cells.count
        var largestRadius = 0.0
        for index in 0..<count { largestRadius = max(largestRadius, cells.radius[index]) }
        guard count > 1, largestRadius > 0 else { return }
        squareSize = 2 * largestRadius
        hashCells(cells)
        sorter.sort(count: count) { index in
            let dx = cells.x[index] - center.x
            let dy = cells.y[index] - center.y
            return Float(dx * dx + dy * dy).bitPattern
        }
        ranks.reserve(count)
        for rank in 0..<count { ranks.pointer[Int(sorter.order.pointer[rank])] = Int32(rank) }
        for rank in 0..<count {
            let index = Int(sorter.order.pointer[rank])
            for _ in 0..<passes where !stepOut(index, rank: Int32(rank), cells: cells, jitter: jitter) {
                break
            }
        }
    }

    /// Moves the cell out of every overlapping cell ranked before it; returns whether it moved.
    private func stepOut(_ index: Int, rank: Int32, cells: CellPointers, jitter: PairJitter) -> Bool {
        let radius = cells.radius[index]
        let column = cellColumns.pointer[index]
        let row = cellRows.pointer[index]
        var moved = false
        for neighbourRow in (row - 1)...(row + 1) {
            for neighbourColumn in (column - 1)...(column + 1) {
                let key = bucket(column: neighbourColumn, row: neighbourRow)
                for entry in Int(bucketStarts.pointer[key])..<Int(bucketStarts.pointer[key + 1]) {
                    let other = Int(bucketCells.pointer[entry])
                    guard ranks.pointer[other] < rank, cellColumns.pointer[other] == neighbourColumn,
                        cellRows.pointer[other] == neighbourRow
                    else { continue }
                    let reach = radius + cells.radius[other]
                    var dx = cells.x[index] - cells.x[other]
                    var dy = cells.y[index] - cells.y[other]
                    let squaredDistance = dx * dx + dy * dy
                    guard squaredDistance < reach * reach else { continue }
                    var distance = squaredDistance.squareRoot()
                    if squaredDistance == 0 {
                        (dx, dy) = jitter.direction(from: cells.ids[other], to: cells.ids[index])
                        distance = 1
                    }
                    let scale = (reach - squaredDistance.squareRoot()) / distance
                    cells.x[index] += dx * scale
                    cells.y[index] += dy * scale
                    moved = true
                }
            }
        }
        return moved
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

    /// Sorts the cells into hashed grid buckets (a counting sort), keeping index order within a bucket.
    private func hashCells(_ cells: CellPointers) {
        let count = cells.count
        bucketBits = max(4, (2 * count).bitWidth - (2 * count).leadingZeroBitCount)
        let bucketCount = 1 << bucketBits
        keys.reserve(count)
        bucketCells.reserve(count)
        cellColumns.reserve(count)
        cellRows.reserve(count)
        bucketStarts.reserve(bucketCount + 1)
        let starts = bucketStarts.pointer
        starts.update(repeating: 0, count: bucketCount + 1)
        for index in 0..<count {
            let column = square(cells.x[index])
            let row = square(cells.y[index])
            cellColumns.pointer[index] = column
            cellRows.pointer[index] = row
            let key = bucket(column: column, row: row)
            keys.pointer[index] = Int32(key)
            starts[key + 1] += 1
        }
        for key in 0..<bucketCount { starts[key + 1] += starts[key] }
        for index in 0..<count {
            let key = Int(keys.pointer[index])
            bucketCells.pointer[Int(starts[key])] = Int32(index)
            starts[key] += 1
        }
        for key in stride(from: bucketCount, to: 0, by: -1) { starts[key] = starts[key - 1] }
        starts[0] = 0
    }
}
