/// The limit on one cell's damped move: it may close at most half the gap to any neighbour, so no two
/// cells can run into each other.
///
/// The move taken is the allowed move closest to the one wanted (``closestAllowed(_:limits:count:)``),
/// as a cell slides past a neighbour it touches. Finding the few neighbours that
/// can limit it is most of the work: the cells of the nearby squares are screened four at a time in
/// single precision, with a margin for its rounding, and written down without a branch (close or not
/// is a coin toss to the branch predictor); only those left get the exact test, a square root and a
/// normal, in double precision.
enum MoveLimit {
    /// The most limits a move can take; with more the cell stays put.
    static let capacity = 48

    /// A neighbour's limit on a move: along the unit vector from the neighbour to the cell, the move may
    /// not go below minus half the gap between them.
    struct Limit {
        var normalX: Double
        var normalY: Double
        var halfGap: Double
    }

    /// A worker's room for the neighbours that may limit one cell's move, and their limits (a
    /// temporary allocation of that size came from the heap, once per cell and step).
    final class Buffer {
        /// Four more than the capacity: the screen writes four lanes past the last it keeps.
        let neighbours = ScratchBuffer<Int32>(capacity: capacity + 4)
        let limits = ScratchBuffer<Limit>(capacity: capacity)
        /// For each set of kept lanes (bit i for lane i), the kept lanes first, in order.
        let compaction = ScratchBuffer<SIMD4<Int32>>(capacity: 16)

        init() {
            for mask in 0..<16 {
                var lanes = SIMD4<Int32>.zero
                var kept = 0
                for lane in 0..<4 where mask & (1 << lane) != 0 {
                    lanes[kept] = Int32(lane)
                    kept += 1
                }
                compaction.pointer[mask] = lanes
            }
        }
    }

    /// The move of the cell at `slot` of `list`, limited by its neighbours there (sorted from the
    /// positions before any cell moves), and whether the cell overlaps one of them as the overlap sweep
    /// counts it (the same test, to the last bit), and whether it is in company: a neighbour's rim lies
    /// within `company` (or twice the move) of its own. Only neighbours within two radii and twice the move
    /// can limit it, so each cell searches as far as its own move asks: a packed cloud at rest searches
    /// the squares next to it.
    static func limit(
        _ move: Vector, slot: Int, largestRadius: Double, list: NeighbourGrid.View, buffer: Buffer, company: Double = 0,
        lastMove: Vector = .zero
    ) -> (move: Vector, overlaps: Bool, inCompany: Bool) {
        let squaredSpeed = move.squaredLength
        // Neighbours beyond twice the move cannot limit it; the search reaches `company` to tell.
        let searched = max(2 * squaredSpeed.squareRoot(), company)
        // A crowded cell wants a long move and takes a short one: its near neighbours decide it. An
        // answer shorter than half the search is the answer under every limit, since the cells beyond
        // allow any move that short. A cell that moved far in its last step is not held so: it searches
        // once.
        let near = list.radius[slot]
        if searched > near && 4 * lastMove.squaredLength < near * near {
            let found = limits(
                move, slot: slot, searched: near, largestRadius: largestRadius, list: list, buffer: buffer)
            if found.neighbours > 0 {
                let answer = closestAllowed(move, limits: buffer.limits.pointer, count: found.limits)
                if answer.squaredLength <= near * near / 4 { return (answer, found.overlaps, true) }
            }
        }
        let found = limits(
            move, slot: slot, searched: searched, largestRadius: largestRadius, list: list, buffer: buffer)
        // So many limits cannot all be kept: stay put (and let the sweep look).
        guard found.neighbours <= capacity else { return (.zero, true, true) }
        let answer = closestAllowed(move, limits: buffer.limits.pointer, count: found.limits)
        return (answer, found.overlaps, found.neighbours > 0)
    }

    /// Writes into the buffer the limits of the neighbours within `searched` of the cell's rim, and
    /// returns how many there are, how many neighbours were screened in, and whether one overlaps it.
    private static func limits(
        _ move: Vector, slot: Int, searched: Double, largestRadius: Double, list: NeighbourGrid.View, buffer: Buffer
    ) -> (limits: Int, neighbours: Int, overlaps: Bool) {
        let squaredSpeed = move.squaredLength
        let reach = list.radius[slot] + largestRadius + searched
        let count = screen(slot: slot, reach: reach, twiceSpeed: searched, list: list, buffer: buffer)
        guard count <= capacity else { return (0, count, true) }
        let x = list.x[slot]
        let y = list.y[slot]
        let radius = list.radius[slot]
        let neighbours = buffer.neighbours.pointer
        let limits = buffer.limits.pointer
        var limitCount = 0
        var overlaps = false
        for entry in 0..<count {
            let other = Int(neighbours[entry])
            let dx = x - list.x[other]
            let dy = y - list.y[other]
            let squaredDistance = dx * dx + dy * dy
            let contact = radius + list.radius[other]
            let inside = contact - OverlapSweep.slack
            overlaps = overlaps || squaredDistance < inside * inside
            // A cell exactly on this one has no direction to limit.
            guard squaredDistance > 0 else { continue }
            let distance = squaredDistance.squareRoot()
            let halfGap = max(distance - radius - list.radius[other], 0) / 2
            guard halfGap * halfGap < squaredSpeed else { continue }
            let inverse = 1 / distance
            limits[limitCount] = Limit(normalX: dx * inverse, normalY: dy * inverse, halfGap: halfGap)
            limitCount += 1
        }
        return (limitCount, count, overlaps)
    }

    /// Writes into the buffer's neighbours every other cell that may lie within the sum of radii and
    /// `twiceSpeed` of the cell at `slot` (and a few just beyond, from the margin), and returns how many
    /// (counting on past the capacity).
    @inline(__always)
    static func screen(slot: Int, reach: Double, twiceSpeed: Double, list: NeighbourGrid.View, buffer: Buffer)
        -> Int
    {
        let singleX = UnsafeRawPointer(list.singleX.base)
        let singleY = UnsafeRawPointer(list.singleY.base)
        let singleRadius = UnsafeRawPointer(list.singleRadius.base)
        let neighbours = UnsafeMutableRawPointer(buffer.neighbours.pointer)
        let compaction = buffer.compaction.pointer
        let pointX = SIMD4(repeating: list.singleX[slot])
        let pointY = SIMD4(repeating: list.singleY[slot])
        let ownReach = SIMD4(repeating: list.singleRadius[slot] + Float(twiceSpeed) + list.singleMargin)
        let own = SIMD4(repeating: Int32(truncatingIfNeeded: slot))
        var count = 0
        list.forEachRun(nearX: list.x[slot], y: list.y[slot], distance: reach) { run in
            let end = SIMD4(repeating: Int32(truncatingIfNeeded: run.upperBound))
            for first in stride(from: run.lowerBound, to: run.upperBound, by: 4) {
                let offset = first * MemoryLayout<Float>.stride
                let dx = pointX - singleX.lanes(offset)
                let dy = pointY - singleY.lanes(offset)
                let within = ownReach + singleRadius.lanes(offset)
                let squaredDistance = dx * dx + dy * dy
                // Masks from the bits (all ones where true): non-negative floats order as their bits,
                // and the generic SIMD comparisons compile to scalar code here.
                let near = (squaredDistance.bits &- (within * within).bits) &>> 31
                let lanes = SIMD4<Int32>(0, 1, 2, 3) &+ Int32(truncatingIfNeeded: first)
                let inRun = (lanes &- end) &>> 31
                let difference = lanes ^ own
                let other = (difference | (0 &- difference)) &>> 31
                let keep = near & inRun & other
                // The kept lanes' slots, side by side, over the end of those already written.
                let mask = Int((keep & SIMD4(1, 2, 4, 8)).wrappedSum())
                neighbours.storeBytes(
                    of: SIMD4(repeating: Int32(truncatingIfNeeded: first)) &+ compaction[mask],
                    toByteOffset: min(count, capacity) * MemoryLayout<Int32>.stride, as: SIMD4<Int32>.self)
                count &+= Int(0 &- keep.wrappedSum())
            }
        }
        return count
    }
}
