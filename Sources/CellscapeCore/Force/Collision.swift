/// Keeps cells from overlapping: contacts take the load of the forces, and one sweep from the centre
/// outwards pushes apart whatever still overlaps after a step.
///
/// A damped move is limited so that a cell closes at most half the gap to any neighbour
/// (``limitMoves(cells:moveX:moveY:limited:parallel:)``): no two cells can run into each other, and a packed
/// cloud stays at rest, its contacts bearing the load, instead of being squeezed and pushed back every
/// step. After the step, if anything overlaps (cells grew, or the seed integrator's moves are not
/// limited), an ``OverlapSweep`` pushes cells apart from the centre outwards. All of it uses each cell's
/// collision radius, which grows to its radius while the cell is new.
final class Collision {
    private let list = CellList()
    private let sweep = OverlapSweep()
    /// One buffer of limits per worker (a temporary allocation of that size came from the heap, once per
    /// cell and step).
    private var limitBuffers: [LimitBuffer] = []

    /// Shortens each cell's move so that it closes at most half the gap to each neighbour, so no two
    /// cells can run into each other; a shortened move is also the cell's new velocity, and the cell is
    /// marked in `limited`. Computed from the positions before any cell moves, so the result does not
    /// depend on the order of the cells.
    ///
    /// Only neighbours within two radii and twice the cell's own move can limit it, so each cell
    /// searches as far as its own move asks: a packed cloud at rest searches the squares next to it.
    func limitMoves(
        cells: CellPointers, moveX: UnsafeMutablePointer<Double>, moveY: UnsafeMutablePointer<Double>,
        limited: UnsafeMutablePointer<Bool>, parallel: ParallelChunks
    ) {
        let largestRadius = Self.largestRadius(cells.collisionRadius, count: cells.count)
        guard cells.count > 1, largestRadius > 0 else { return }
        list.build(cells: cells, radii: cells.collisionRadius, squareSize: 2 * largestRadius + 2)
        while limitBuffers.count < parallel.threads {
            limitBuffers.append(LimitBuffer())
        }
        let list = list
        let limitBuffers = limitBuffers
        parallel.forEachChunk(count: cells.count) { worker, _, slots in
            let buffer = limitBuffers[worker]
            for slot in slots {
                let index = Int(list.index.pointer[slot])
                let original = Vector(dx: moveX[index], dy: moveY[index])
                let speed = original.length
                guard speed > 0 else { continue }
                let reach = list.radius.pointer[slot] + largestRadius + 2 * speed
                let move = Self.limit(original, slot: slot, reach: reach, list: list, buffer: buffer)
                guard move != original else { continue }
                moveX[index] = move.dx
                moveY[index] = move.dy
                cells.velocity[index] = move
                limited[index] = true
            }
        }
    }

    /// The move shortened so that it takes the cell at most half the gap towards any neighbour: it first
    /// slides along each limit in turn, as a cell slides past a neighbour it touches, and is then cut
    /// short wherever a later slide broke an earlier limit.
    ///
    /// One walk over the neighbours writes down, without a branch (close or not is a coin toss to the
    /// branch predictor), those near enough to limit the move: their half gap is shorter than the
    /// move. Only those get a square root and a normal.
    private static func limit(
        _ move: Vector, slot: Int, reach: Double, list: CellList, buffer: LimitBuffer
    ) -> Vector {
        let x = list.x.pointer[slot]
        let y = list.y.pointer[slot]
        let radius = list.radius.pointer[slot]
        let squaredSpeed = move.squaredLength
        let twiceSpeed = 2 * squaredSpeed.squareRoot()
        let neighbours = buffer.neighbours.pointer
        var count = 0
        list.forEachSlot(nearX: x, y: y, distance: reach) { other in
            let dx = x - list.x.pointer[other]
            let dy = y - list.y.pointer[other]
            let squaredDistance = dx * dx + dy * dy
            let within = radius + list.radius.pointer[other] + twiceSpeed
            neighbours[min(count, LimitBuffer.capacity)] = Int32(truncatingIfNeeded: other)
            // The cell itself, and a cell exactly on it, have no direction to limit.
            let near = squaredDistance < within * within ? 1 : 0
            let apart = squaredDistance > 0 ? 1 : 0
            count += near & apart
        }
        // So many limits cannot all be kept: stay put.
        guard count <= LimitBuffer.capacity else { return .zero }
        let limits = buffer.limits.pointer
        var limitCount = 0
        for entry in 0..<count {
            let other = Int(neighbours[entry])
            let dx = x - list.x.pointer[other]
            let dy = y - list.y.pointer[other]
            let distance = (dx * dx + dy * dy).squareRoot()
            let halfGap = max(distance - radius - list.radius.pointer[other], 0) / 2
            guard halfGap * halfGap < squaredSpeed else { continue }
            let inverse = 1 / distance
            limits[limitCount] = Limit(normalX: dx * inverse, normalY: dy * inverse, halfGap: halfGap)
            limitCount += 1
        }
        var move = move
        for entry in 0..<limitCount {
            let limit = limits[entry]
            let along = move.dx * limit.normalX + move.dy * limit.normalY
            guard along < -limit.halfGap else { continue }
            let correction = along + limit.halfGap
            move = Vector(dx: move.dx - limit.normalX * correction, dy: move.dy - limit.normalY * correction)
        }
        var scale = 1.0
        for entry in 0..<limitCount {
            let limit = limits[entry]
            let along = move.dx * limit.normalX + move.dy * limit.normalY
            if along < -limit.halfGap { scale = min(scale, limit.halfGap / -along) }
        }
        return scale < 1 ? Vector(dx: move.dx * scale, dy: move.dy * scale) : move
    }

    /// A neighbour's limit on a move: along the unit vector from the neighbour to the cell, the move may
    /// not go below minus half the gap between them.
    private struct Limit {
        var normalX: Double
        var normalY: Double
        var halfGap: Double
    }

    /// A worker's room for the neighbours that may limit one cell's move, and their limits.
    private final class LimitBuffer {
        /// The most limits a move can take; with more the cell stays put.
        static let capacity = 48
        /// One more than the capacity: the branch-free walk writes one past the last it keeps.
        let neighbours = ScratchBuffer<Int32>(capacity: capacity + 1)
        let limits = ScratchBuffer<Limit>(capacity: capacity)
    }

    static func largestRadius(_ radii: UnsafeMutablePointer<Double>, count: Int) -> Double {
        var largest = 0.0
        for index in 0..<count { largest = max(largest, radii[index]) }
        return largest
    }

    /// Resolves overlaps; each cell steps out of its earlier neighbours up to `passes` times. Returns
    /// whether overlaps may remain.
    func resolve(cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, parallel: ParallelChunks)
        -> Bool
    {
        sweep.resolve(cells: cells, center: center, passes: passes, jitter: jitter, list: list, parallel: parallel)
    }

    /// Whether any two cells would overlap at their full radii: whether growing cells can take their
    /// full size at once.
    func wouldOverlapAtFullSize(cells: CellPointers, parallel: ParallelChunks) -> Bool {
        sweep.findOverlaps(
            cells: cells, radii: cells.radius, largestRadius: Self.largestRadius(cells.radius, count: cells.count),
            list: list, marking: nil, parallel: parallel)
    }
}
