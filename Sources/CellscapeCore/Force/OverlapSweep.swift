/// The sweep that pushes apart whatever overlaps after a step: cells are taken in order of their
/// distance to the centre, and each steps out of every cell taken before it that it overlaps.
///
/// The spring loads the cloud towards the centre as gravity loads a stack, and as a stack is built from
/// the bottom, one sweep carries the push through every layer, where pairwise corrections would reach
/// only a few layers a step. A cell that had to step out loses its velocity: contacts are inelastic.
/// The sweep is serial and deterministic; it uses each cell's collision radius.
///
/// Only cells that can have anything to do are visited: those that overlapped a cell when the sweep
/// began (marked in parallel), and those a moved cell ran into. A cell overlaps an earlier cell at its
/// turn only if the two overlapped at the start or the earlier one has moved into it since, so the result
/// is the same as visiting every cell. Each cell gathers the earlier cells around it once (again only
/// if it crosses into another square of the grid) and its passes read only those.
final class OverlapSweep {
    /// Overlaps smaller than this are rounding, not collisions: cells the sweep set exactly touching
    /// stay untouched, and keep their velocity.
    static let slack = 1e-3

    private let grid = CollisionGrid()
    private let ranks = ScratchBuffer<Int32>()
    private let sorter = RadixSort()
    /// Per cell: whether it may overlap a cell taken before it.
    private let marked = ScratchBuffer<Bool>()
    /// Per chunk: whether any of its cells overlaps another.
    private let chunkFound = ScratchBuffer<Bool>()
    /// The earlier cells around the cell being swept, in the grid's order.
    private let earlier = ScratchBuffer<Int32>()

    /// Resolves overlaps; each cell steps out of its earlier neighbours up to `passes` times. Returns
    /// whether overlaps may remain: false when none was found, or every cell that moved came to rest
    /// before its passes ran out (so it overlaps no earlier cell, and any later one it overlapped has
    /// stepped out of it).
    @discardableResult
    func resolve(
        cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, list: CellList,
        parallel: ParallelChunks
    ) -> Bool {
        marked.reserve(cells.count)
        let largestRadius = Collision.largestRadius(cells.collisionRadius, count: cells.count)
        guard
            findOverlaps(
                cells: cells, radii: cells.collisionRadius, largestRadius: largestRadius, list: list,
                marking: marked.pointer, parallel: parallel)
        else { return false }
        let count = cells.count
        grid.build(cells: cells, squareSize: 2 * largestRadius)
        sorter.sort(count: count) { index in
            let dx = cells.x[index] - center.x
            let dy = cells.y[index] - center.y
            return Float(dx * dx + dy * dy).bitPattern
        }
        ranks.reserve(count)
        for rank in 0..<count { ranks.pointer[Int(sorter.order.pointer[rank])] = Int32(rank) }
        var unresolved = false
        for rank in 0..<count {
            let index = Int(sorter.order.pointer[rank])
            guard marked.pointer[index] else { continue }
            let outcome = sweep(
                index, rank: Int32(rank), passes: passes, cells: cells, center: center, jitter: jitter)
            unresolved = unresolved || outcome.unresolved
            if outcome.moved {
                cells.velocity[index] = .zero
                markLaterOverlaps(of: index, rank: Int32(rank), cells: cells)
            }
        }
        return unresolved
    }

    /// Whether any two cells overlap at these radii, read-only and in parallel; with `marking`, every
    /// cell that overlaps another is marked there (by index) and the rest unmarked.
    func findOverlaps(
        cells: CellPointers, radii: UnsafeMutablePointer<Double>, largestRadius: Double, list: CellList,
        marking: UnsafeMutablePointer<Bool>?, parallel: ParallelChunks
    ) -> Bool {
        guard cells.count > 1, largestRadius > 0 else { return false }
        list.build(cells: cells, radii: radii, squareSize: 2 * largestRadius)
        let chunks = ParallelChunks.chunkCount(for: cells.count)
        chunkFound.reserve(chunks)
        let chunkFound = chunkFound.pointer
        parallel.forEachChunk(count: cells.count) { chunk, slots in
            var found = false
            for slot in slots {
                let overlaps = Self.overlapsAnother(slot, list: list)
                found = found || overlaps
                guard let marking else {
                    if found { break } else { continue }
                }
                marking[Int(list.index.pointer[slot])] = overlaps
            }
            chunkFound[chunk] = found
        }
        for chunk in 0..<chunks where chunkFound[chunk] { return true }
        return false
    }

    @inline(__always)
    private static func overlapsAnother(_ slot: Int, list: CellList) -> Bool {
        let x = list.x.pointer[slot]
        let y = list.y.pointer[slot]
        let radius = list.radius.pointer[slot]
        var found = false
        // The same test, to the last bit, as `stepOut`'s: a cell left unmarked has nothing to do there.
        list.forEachSlot(near: Int(list.index.pointer[slot]), reach: 1) { other in
            let dx = x - list.x.pointer[other]
            let dy = y - list.y.pointer[other]
            let reach = radius + list.radius.pointer[other]
            if dx * dx + dy * dy < (reach - slack) * (reach - slack) && other != slot { found = true }
        }
        return found
    }

    /// Steps the cell out of its earlier neighbours, pass after pass until it overlaps none or the
    /// passes run out; returns whether it moved, and whether it may still overlap one.
    private func sweep(
        _ index: Int, rank: Int32, passes: Int, cells: CellPointers, center: Point, jitter: PairJitter
    ) -> (moved: Bool, unresolved: Bool) {
        var count = gatherEarlier(index, rank: rank)
        var moved = false
        for _ in 0..<passes {
            guard stepOut(index, among: count, cells: cells, center: center, jitter: jitter) else {
                return (moved, false)
            }
            moved = true
            if grid.move(index, cells: cells) { count = gatherEarlier(index, rank: rank) }
        }
        return (moved, true)
    }

    /// Collects the cells ranked before `rank` in the squares around the cell's; returns how many.
    private func gatherEarlier(_ index: Int, rank: Int32) -> Int {
        var count = 0
        grid.forEachNeighbour(of: index) { other in
            guard ranks.pointer[other] < rank else { return }
            earlier.reserve(count + 1, keeping: count)
            earlier.pointer[count] = Int32(other)
            count += 1
        }
        return count
    }

    /// Marks the later cells that the moved cell now overlaps.
    private func markLaterOverlaps(of index: Int, rank: Int32, cells: CellPointers) {
        let radius = cells.collisionRadius[index]
        grid.forEachNeighbour(of: index) { other in
            guard ranks.pointer[other] > rank, !marked.pointer[other] else { return }
            let reach = radius + cells.collisionRadius[other]
            let dx = cells.x[index] - cells.x[other]
            let dy = cells.y[index] - cells.y[other]
            if dx * dx + dy * dy < (reach - Self.slack) * (reach - Self.slack) { marked.pointer[other] = true }
        }
    }

    /// Moves the cell out of every overlapping cell among the first `count` gathered, by the sum of the
    /// pushes out of each; returns whether it moved. A cell wedged between cells whose pushes cancel moves
    /// straight out from the centre instead, by the deepest overlap: the way out for a sweep from the
    /// centre.
    private func stepOut(_ index: Int, among count: Int, cells: CellPointers, center: Point, jitter: PairJitter)
        -> Bool
    {
        let radius = cells.collisionRadius[index]
        var push = Vector.zero
        var deepest = 0.0
        var moved = false
        for slot in 0..<count {
            let other = Int(earlier.pointer[slot])
            let reach = radius + cells.collisionRadius[other]
            var dx = cells.x[index] - cells.x[other]
            var dy = cells.y[index] - cells.y[other]
            let squaredDistance = dx * dx + dy * dy
            guard squaredDistance < (reach - Self.slack) * (reach - Self.slack) else { continue }
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
