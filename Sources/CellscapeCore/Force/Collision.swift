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
    private var limitBuffers: [MoveLimit.Buffer] = []

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
            limitBuffers.append(MoveLimit.Buffer())
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
                let move = MoveLimit.limit(original, slot: slot, reach: reach, list: list, buffer: buffer)
                guard move != original else { continue }
                moveX[index] = move.dx
                moveY[index] = move.dy
                cells.velocity[index] = move
                limited[index] = true
            }
        }
    }

    static func largestRadius(_ radii: UnsafeMutablePointer<Double>, count: Int) -> Double {
        var largest = 0.0
        for index in 0..<count { largest = max(largest, radii[index]) }
        return largest
    }

    /// Resolves overlaps; each cell steps out of its earlier neighbours up to `passes` times. Returns
    /// whether overlaps may remain.
    func resolve(
        cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, scratch: OverlapSweep.Scratch,
        parallel: ParallelChunks
    ) -> Bool {
        sweep.resolve(
            cells: cells, center: center, passes: passes, jitter: jitter, list: list, scratch: scratch,
            parallel: parallel)
    }

    /// Whether any two cells would overlap at their full radii: whether growing cells can take their
    /// full size at once.
    func wouldOverlapAtFullSize(cells: CellPointers, parallel: ParallelChunks) -> Bool {
        sweep.findOverlaps(
            cells: cells, radii: cells.radius, largestRadius: Self.largestRadius(cells.radius, count: cells.count),
            list: list, marking: nil, parallel: parallel)
    }
}
