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
    private var limitBuffers: [ScratchBuffer<Limit>] = []

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
        // Moves up to 1 px need only the squares next to a cell's own.
        list.build(cells: cells, radii: cells.collisionRadius, squareSize: 2 * largestRadius + 2)
        while limitBuffers.count < parallel.threads {
            limitBuffers.append(ScratchBuffer<Limit>(capacity: Limit.bufferSize))
        }
        let list = list
        let limitBuffers = limitBuffers
        parallel.forEachChunk(count: cells.count) { worker, _, slots in
            let limits = limitBuffers[worker].pointer
            for slot in slots {
                let index = Int(list.index.pointer[slot])
                let original = Vector(dx: moveX[index], dy: moveY[index])
                let speed = original.length
                guard speed > 0 else { continue }
                let reach = list.reach(2 * largestRadius + 2 * speed)
                let move = Self.limit(original, of: index, slot: slot, reach: reach, list: list, limits: limits)
                guard move != original else { continue }
                moveX[index] = move.dx
                moveY[index] = move.dy
                cells.velocity[index] = move
                limited[index] = true
            }
        }
    }

    /// The move shortened so that it takes the cell at most half the gap towards any neighbour. The
    /// limits are applied in turn, a few rounds; if one is still broken after that, the cell stays put,
    /// which keeps every limit.
    ///
    /// One walk over the neighbours gathers the few limits the move can break (those whose half gap is
    /// shorter than the move) into the worker's buffer `limits`; the rounds then read only those.
    private static func limit(
        _ move: Vector, of index: Int, slot: Int, reach: Int, list: CellList, limits: UnsafeMutablePointer<Limit>
    ) -> Vector {
        var count = 0
        let x = list.x.pointer[slot]
        let y = list.y.pointer[slot]
        let radius = list.radius.pointer[slot]
        let squaredSpeed = move.squaredLength
        let speed = squaredSpeed.squareRoot()
        list.forEachSlot(near: index, reach: reach) { other in
            let dx = x - list.x.pointer[other]
            let dy = y - list.y.pointer[other]
            let squaredDistance = dx * dx + dy * dy
            let contact = radius + list.radius.pointer[other]
            // Half the gap is shorter than the move only within contact + 2 x speed: most
            // neighbours are ruled out before the square root.
            let reach = contact + 2 * speed
            guard squaredDistance < reach * reach, squaredDistance > 0, other != slot else { return }
            let distance = squaredDistance.squareRoot()
            let halfGap = max(distance - contact, 0) / 2
            guard halfGap * halfGap < squaredSpeed else { return }
            if count < Limit.bufferSize {
                limits[count] = Limit(normalX: dx / distance, normalY: dy / distance, halfGap: halfGap)
            }
            count += 1
        }
        // So many limits cannot all be kept apart by a few rounds: stay put.
        guard count <= Limit.bufferSize else { return .zero }
        var move = move
        for round in 0..<4 {
            var broken = false
            for entry in 0..<count {
                let limit = limits[entry]
                let along = move.dx * limit.normalX + move.dy * limit.normalY
                guard along < -limit.halfGap - 1e-12 else { continue }
                broken = true
                if round < 3 {
                    let correction = along + limit.halfGap
                    move = Vector(
                        dx: move.dx - limit.normalX * correction, dy: move.dy - limit.normalY * correction)
                }
            }
            if !broken { return move }
        }
        return .zero
    }

    /// A neighbour's limit on a move: along the unit vector from the neighbour to the cell, the move may
    /// not go below minus half the gap between them.
    private struct Limit {
        static let bufferSize = 48
        var normalX: Double
        var normalY: Double
        var halfGap: Double
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
