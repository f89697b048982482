/// Keeps cells from overlapping: contacts take the load of the forces, and one sweep from the centre
/// outwards pushes apart whatever still overlaps after a step.
///
/// A damped move is limited so that a cell closes at most half the gap to any neighbour
/// (``limitMoves(cells:moveX:moveY:parallel:)``): no two cells can run into each other, and a packed
/// cloud stays at rest, its contacts bearing the load, instead of being squeezed and pushed back every
/// step.
///
/// After the step, if anything overlaps (the seed integrator's moves are not limited), cells are taken
/// in order of their distance to the centre and each steps out of every cell taken before it that it
/// overlaps (``resolve(cells:center:passes:jitter:parallel:)``). The spring loads the cloud towards the
/// centre as gravity loads a stack, and as a stack is built from the bottom, one sweep carries the push
/// through every layer, where pairwise corrections would reach only a few layers a step. A cell that had
/// to step out loses its velocity: contacts are inelastic. Everything here is deterministic; the sweep
/// is serial.
final class Collision {
    private let grid = CollisionGrid()
    private let ranks = ScratchBuffer<Int32>()
    private let sorter = RadixSort()
    /// Overlaps smaller than this are rounding, not collisions: cells the sweep set exactly touching
    /// stay untouched, and keep their velocity.
    static let slack = 1e-3
    private let overlapping = ScratchBuffer<Bool>()

    /// Shortens each cell's move so that it closes at most half the gap to each neighbour, so no two
    /// cells can run into each other; a shortened move is also the cell's new velocity. Computed from the
    /// positions before any cell moves, so the result does not depend on the order of the cells.
    func limitMoves(
        cells: CellPointers, moveX: UnsafeMutablePointer<Double>, moveY: UnsafeMutablePointer<Double>,
        parallel: ParallelChunks
    ) {
        var largestMove = 0.0
        for index in 0..<cells.count {
            largestMove = max(largestMove, moveX[index] * moveX[index] + moveY[index] * moveY[index])
        }
        // Two cells can meet if they are within a diameter plus both their moves.
        guard buildGrid(cells, margin: 2 * largestMove.squareRoot()) else { return }
        let grid = grid
        parallel.forEachChunk(count: cells.count) { _, range in
            for index in range {
                let original = Vector(dx: moveX[index], dy: moveY[index])
                let move = Self.limit(original, of: index, cells: cells, grid: grid)
                guard move != original else { continue }
                moveX[index] = move.dx
                moveY[index] = move.dy
                cells.velocity[index] = move
            }
        }
    }

    /// The move shortened so that it takes the cell at most half the gap towards any neighbour. The
    /// limits are applied in turn, a few rounds; if one is still broken after that, the cell stays put,
    /// which keeps every limit.
    private static func limit(_ move: Vector, of index: Int, cells: CellPointers, grid: CollisionGrid) -> Vector {
        var move = move
        var broken = true
        for round in 0..<4 where broken {
            broken = false
            grid.forEachNeighbour(of: index) { other in
                let dx = cells.x[index] - cells.x[other]
                let dy = cells.y[index] - cells.y[other]
                let squaredDistance = dx * dx + dy * dy
                guard squaredDistance > 0 else { return }
                let distance = squaredDistance.squareRoot()
                let halfGap = max(distance - cells.collisionRadius[index] - cells.collisionRadius[other], 0) / 2
                let normal = Vector(dx: dx / distance, dy: dy / distance)
                let along = move.dot(normal)
                guard along < -halfGap - 1e-12 else { return }
                broken = true
                if round < 3 { move = move - normal * (along + halfGap) }
            }
        }
        return broken ? .zero : move
    }

    /// Resolves overlaps; each cell checks its earlier neighbours up to `passes` times.
    func resolve(cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, parallel: ParallelChunks) {
        guard buildGrid(cells), anyOverlap(cells: cells, parallel: parallel) else { return }
        let count = cells.count
        sorter.sort(count: count) { index in
            let dx = cells.x[index] - center.x
            let dy = cells.y[index] - center.y
            return Float(dx * dx + dy * dy).bitPattern
        }
        ranks.reserve(count)
        for rank in 0..<count { ranks.pointer[Int(sorter.order.pointer[rank])] = Int32(rank) }
        for rank in 0..<count {
            let index = Int(sorter.order.pointer[rank])
            var collided = false
            for _ in 0..<passes {
                guard stepOut(index, rank: Int32(rank), cells: cells, center: center, jitter: jitter) else { break }
                grid.move(index, cells: cells)
                collided = true
            }
            if collided { cells.velocity[index] = .zero }
        }
    }

    /// Whether any two cells overlap at their collision radii; read-only and parallel, so a settled
    /// cloud skips the serial sweep.
    private func anyOverlap(cells: CellPointers, parallel: ParallelChunks) -> Bool {
        anyOverlap(cells: cells, radii: cells.collisionRadius, parallel: parallel)
    }

    /// Whether any two cells would overlap at their full radii: whether growing cells can take their
    /// full size at once.
    func wouldOverlapAtFullSize(cells: CellPointers, parallel: ParallelChunks) -> Bool {
        guard buildGrid(cells, radii: cells.radius) else { return false }
        return anyOverlap(cells: cells, radii: cells.radius, parallel: parallel)
    }

    private func anyOverlap(cells: CellPointers, radii: UnsafeMutablePointer<Double>, parallel: ParallelChunks)
        -> Bool
    {
        let chunks = ParallelChunks.chunkCount(for: cells.count)
        overlapping.reserve(chunks)
        let overlapping = overlapping.pointer
        let grid = grid
        parallel.forEachChunk(count: cells.count) { chunk, range in
            var found = false
            for index in range where !found {
                let x = cells.x[index]
                let y = cells.y[index]
                grid.forEachNeighbour(of: index) { other in
                    let dx = x - cells.x[other]
                    let dy = y - cells.y[other]
                    let reach = radii[index] + radii[other] - Self.slack
                    if dx * dx + dy * dy < reach * reach { found = true }
                }
            }
            overlapping[chunk] = found
        }
        for chunk in 0..<chunks where overlapping[chunk] { return true }
        return false
    }

    /// Puts the cells in a grid of squares as wide as the largest cell plus `margin`; false when there is
    /// nothing to do.
    private func buildGrid(_ cells: CellPointers, radii: UnsafeMutablePointer<Double>? = nil, margin: Double = 0)
        -> Bool
    {
        let radii = radii ?? cells.collisionRadius
        var largestRadius = 0.0
        for index in 0..<cells.count { largestRadius = max(largestRadius, radii[index]) }
        guard cells.count > 1, largestRadius > 0 else { return false }
        grid.build(cells: cells, squareSize: 2 * largestRadius + margin)
        return true
    }

    /// Moves the cell out of every overlapping cell ranked before it, by the sum of the pushes out of
    /// each; returns whether it moved. A cell wedged between cells whose pushes cancel moves straight
    /// out from the centre instead, by the deepest overlap: the way out for a sweep from the centre.
    private func stepOut(_ index: Int, rank: Int32, cells: CellPointers, center: Point, jitter: PairJitter)
        -> Bool
    {
        let radius = cells.collisionRadius[index]
        var push = Vector.zero
        var deepest = 0.0
        var moved = false
        grid.forEachNeighbour(of: index) { other in
            guard ranks.pointer[other] < rank else { return }
            let reach = radius + cells.collisionRadius[other]
            var dx = cells.x[index] - cells.x[other]
            var dy = cells.y[index] - cells.y[other]
            let squaredDistance = dx * dx + dy * dy
            guard squaredDistance < (reach - Self.slack) * (reach - Self.slack) else { return }
            var distance = squaredDistance.squareRoot()
            if squaredDistance == 0 {
                (dx, dy) = jitter.direction(from: cells.ids[other], to: cells.ids[index])
                distance = 1
            }
            let overlap = reach - squaredDistance.squareRoot()
            push += Vector(dx: dx * overlap / distance, dy: dy * overlap / distance)
            deepest = max(deepest, overlap)
            moved = true
        }
        if moved && push.length < deepest / 2 {
            let outward = Point(x: cells.x[index], y: cells.y[index]) - center
            let length = outward.length
            push = length > 0 ? outward * (deepest / length) : Vector(dx: deepest, dy: 0)
        }
        cells.x[index] += push.dx
        cells.y[index] += push.dy
        return moved
    }
}
