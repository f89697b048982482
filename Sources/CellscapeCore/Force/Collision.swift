/// Keeps cells from overlapping: contacts take the load of the forces, and one sweep from the centre
/// outwards pushes apart whatever still overlaps after a step.
///
/// A damped move is limited so that a cell closes at most half the gap to any neighbour
/// (``limitMoves(cells:moveX:moveY:limited:parallel:)``): no two cells can run into each other, and a packed
/// cloud stays at rest, its contacts bearing the load, instead of being squeezed and pushed back every
/// step.
///
/// After the step, if anything overlaps (the seed integrator's moves are not limited), cells are taken
/// in order of their distance to the centre and each steps out of every cell taken before it that it
/// overlaps (``resolve(cells:center:passes:jitter:parallel:)``). The spring loads the cloud towards the
/// centre as gravity loads a stack, and as a stack is built from the bottom, one sweep carries the push
/// through every layer, where pairwise corrections would reach only a few layers a step. A cell that had
/// to step out loses its velocity: contacts are inelastic. Everything here is deterministic; the sweep
/// is serial. All of it uses each cell's collision radius, which grows to its radius while the cell is new.
final class Collision {
    private let grid = CollisionGrid()
    private let list = CellList()
    private let ranks = ScratchBuffer<Int32>()
    private let sorter = RadixSort()
    /// Overlaps smaller than this are rounding, not collisions: cells the sweep set exactly touching
    /// stay untouched, and keep their velocity.
    static let slack = 1e-3
    private let overlapping = ScratchBuffer<Bool>()

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
        let list = list
        parallel.forEachChunk(count: cells.count) { _, slots in
            for slot in slots {
                let index = Int(list.index.pointer[slot])
                let original = Vector(dx: moveX[index], dy: moveY[index])
                let speed = original.length
                guard speed > 0 else { continue }
                let reach = list.reach(2 * largestRadius + 2 * speed)
                let move = Self.limit(original, of: index, slot: slot, reach: reach, list: list)
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
    /// shorter than the move) into a small buffer on the stack; the rounds then read only those.
    private static func limit(_ move: Vector, of index: Int, slot: Int, reach: Int, list: CellList) -> Vector {
        withUnsafeTemporaryAllocation(of: Limit.self, capacity: Limit.bufferSize) { limits in
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
                for limit in limits[0..<count] {
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
    }

    /// A neighbour's limit on a move: along the unit vector from the neighbour to the cell, the move may
    /// not go below minus half the gap between them.
    private struct Limit {
        static let bufferSize = 48
        var normalX: Double
        var normalY: Double
        var halfGap: Double
    }

    private static func largestRadius(_ radii: UnsafeMutablePointer<Double>, count: Int) -> Double {
        var largest = 0.0
        for index in 0..<count { largest = max(largest, radii[index]) }
        return largest
    }

    /// Resolves overlaps; each cell checks its earlier neighbours up to `passes` times.
    func resolve(cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, parallel: ParallelChunks) {
        guard anyOverlap(cells: cells, parallel: parallel), buildGrid(cells) else { return }
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
        anyOverlap(cells: cells, radii: cells.radius, parallel: parallel)
    }

    private func anyOverlap(cells: CellPointers, radii: UnsafeMutablePointer<Double>, parallel: ParallelChunks)
        -> Bool
    {
        let largestRadius = Self.largestRadius(radii, count: cells.count)
        guard cells.count > 1, largestRadius > 0 else { return false }
        list.build(cells: cells, radii: radii, squareSize: 2 * largestRadius)
        let chunks = ParallelChunks.chunkCount(for: cells.count)
        overlapping.reserve(chunks)
        let overlapping = overlapping.pointer
        let list = list
        parallel.forEachChunk(count: cells.count) { chunk, slots in
            var found = false
            for slot in slots where !found {
                let x = list.x.pointer[slot]
                let y = list.y.pointer[slot]
                let radius = list.radius.pointer[slot] - Self.slack
                list.forEachSlot(near: Int(list.index.pointer[slot]), reach: 1) { other in
                    let dx = x - list.x.pointer[other]
                    let dy = y - list.y.pointer[other]
                    let reach = radius + list.radius.pointer[other]
                    if dx * dx + dy * dy < reach * reach && other != slot { found = true }
                }
            }
            overlapping[chunk] = found
        }
        for chunk in 0..<chunks where overlapping[chunk] { return true }
        return false
    }

    /// Puts the cells in the sweep's grid, of squares as wide as the largest cell; false when there is
    /// nothing to do.
    private func buildGrid(_ cells: CellPointers) -> Bool {
        let largestRadius = Self.largestRadius(cells.collisionRadius, count: cells.count)
        guard cells.count > 1, largestRadius > 0 else { return false }
        grid.build(cells: cells, squareSize: 2 * largestRadius)
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
