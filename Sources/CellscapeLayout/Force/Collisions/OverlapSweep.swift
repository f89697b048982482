/// The sweep that pushes apart whatever overlaps after a step: cells are taken in order of their
/// distance to the centre, and each steps out of every cell taken before it that it overlaps.
///
/// The spring loads the cloud towards the centre as gravity loads a stack, and as a stack is built from
/// the bottom, one sweep carries the push through every layer, where pairwise corrections would reach
/// only a few layers a step. A cell that had to step out loses its velocity: contacts are inelastic.
/// The sweep is serial and deterministic; it uses each cell's collision radius.
///
/// Only cells that can have anything to do are visited: those that overlapped a cell when the sweep
/// began (marked in parallel; after a damped step, by the move limit before the move, which cannot
/// make a new overlap), and those a moved cell ran into. A cell overlaps an earlier cell at its
/// turn only if the two overlapped at the start or the earlier one has moved into it since, so the result
/// is the same as visiting every cell. Each cell gathers the earlier cells around it once (again only
/// if it crosses into another square of the grid) and its passes read only those. The sweep works on a
/// copy of the positions and radii in its own order (``RankedCells``): neighbours lie a ring of the cloud
/// apart in that order, close in memory, where in the cells' order they lie anywhere.
final class OverlapSweep {
    /// Overlaps smaller than this are rounding, not collisions: cells the sweep set exactly touching
    /// stay untouched, and keep their velocity.
    static let slack = 1e-3

    private let grid = CollisionGrid()
    private let sorter = RadixSort()
    /// Per cell (by index): whether it overlaps another cell.
    private let overlapping = ScratchBuffer<Bool>()
    /// Per rank: whether the cell may overlap a cell taken before it.
    private let marked = ScratchBuffer<Bool>()
    /// Per chunk: whether any of its cells overlaps another.
    private let chunkFound = ScratchBuffer<Bool>()
    /// The earlier cells around the cell being swept, in the grid's order.
    private let earlier = ScratchBuffer<Int32>()

    /// Resolves overlaps; each cell steps out of its earlier neighbours up to `passes` times. With `markedAny` nil it
    /// searches for the cells that overlap; otherwise they are marked already (``overlapMarks(count:)``) and
    /// `markedAny` says whether any is. Returns whether overlaps may remain: false when none was found, or every cell
    /// that moved came to rest before its passes ran out (so it overlaps no earlier cell, and any later one it
    /// overlapped has stepped out of it).
    @discardableResult
    func resolve(
        cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, list: NeighbourGrid, scratch: Scratch,
        markedAny: Bool?, parallel: ParallelChunks
    ) -> Bool {
        overlapping.reserve(cells.count)
        let largestRadius = Collision.largestRadius(cells.collisionRadius, count: cells.count)
        let found =
            markedAny
            ?? findOverlaps(
                cells: cells, radii: cells.collisionRadius, largestRadius: largestRadius, list: list,
                marking: overlapping.shared, parallel: parallel)
        guard found else { return false }
        let count = cells.count
        sorter.sort(count: count) { index in
            let dx = cells.x[index] - center.x
            let dy = cells.y[index] - center.y
            return Float(dx * dx + dy * dy).bitPattern
        }
        let ranked = RankedCells(scratch: scratch, order: sorter.order.pointer, ids: cells.ids)
        marked.reserve(count)
        for rank in 0..<count {
            let index = ranked.index(rank)
            ranked.x[rank] = cells.x[index]
            ranked.y[rank] = cells.y[index]
            ranked.radius[rank] = cells.collisionRadius[index]
            marked.pointer[rank] = overlapping.pointer[index]
        }
        grid.build(x: ranked.x, y: ranked.y, count: count, squareSize: 2 * largestRadius)
        var unresolved = false
        for rank in 0..<count where marked.pointer[rank] {
            let outcome = sweep(rank, cells: ranked, passes: passes, center: center, jitter: jitter)
            unresolved = unresolved || outcome.unresolved
            guard outcome.moved else { continue }
            markLaterOverlaps(of: rank, cells: ranked)
            let index = ranked.index(rank)
            cells.x[index] = ranked.x[rank]
            cells.y[index] = ranked.y[rank]
            cells.velocity[index] = .zero
        }
        return unresolved
    }

    /// Room for the sweep's copies of the positions and collision radii: `count` doubles each. The
    /// workspace lends buffers that are free once a step's moves are applied.
    struct Scratch {
        let x: UnsafeMutablePointer<Double>
        let y: UnsafeMutablePointer<Double>
        let radius: UnsafeMutablePointer<Double>
    }

    /// The cells in the sweep's order, by rank: positions and collision radii copied into the scratch
    /// room, ids read through the order (only cells exactly on top of each other need them).
    struct RankedCells {
        let x: UnsafeMutablePointer<Double>
        let y: UnsafeMutablePointer<Double>
        let radius: UnsafeMutablePointer<Double>
        let order: UnsafeMutablePointer<Int32>
        let ids: DisjointBuffer<Int>

        init(scratch: Scratch, order: UnsafeMutablePointer<Int32>, ids: DisjointBuffer<Int>) {
            (x, y, radius) = (scratch.x, scratch.y, scratch.radius)
            self.order = order
            self.ids = ids
        }

        /// The index of the cell at `rank`.
        @inline(__always)
        func index(_ rank: Int) -> Int { Int(order[rank]) }

        /// The id of the cell at `rank`.
        func id(_ rank: Int) -> Int { ids[index(rank)] }
    }

    /// The marks of the cells that overlap another (by index), for a caller that finds them itself and
    /// passes `markedAny` to ``resolve(cells:center:passes:jitter:list:scratch:markedAny:parallel:)``: the
    /// damped move's limit does, before the move, which cannot make an overlap (it closes at most half
    /// of any gap), so the marks hold every cell that can overlap after it.
    func overlapMarks(count: Int) -> DisjointBuffer<Bool> {
        overlapping.reserve(count)
        return overlapping.shared
    }

    /// Whether any two cells overlap at these radii, read-only and in parallel; with `marking`, every
    /// cell that overlaps another is marked there (by index) and the rest unmarked.
    func findOverlaps(
        cells: CellPointers, radii: DisjointBuffer<Double>, largestRadius: Double, list grid: NeighbourGrid,
        marking: DisjointBuffer<Bool>?, parallel: ParallelChunks
    ) -> Bool {
        guard cells.count > 1, largestRadius > 0 else { return false }
        grid.build(cells: cells, radii: radii, squareSize: 2 * largestRadius)
        let list = grid.view
        let chunks = ParallelChunks.chunkCount(for: cells.count)
        chunkFound.reserve(chunks)
        // Each chunk writes its own flag, and the marks of its own slots' cells.
        let chunkFound = chunkFound.shared
        parallel.forEachChunk(count: cells.count) { chunk, slots in
            var found = false
            for slot in slots {
                let overlaps = Self.overlapsAnother(slot, list: list)
                found = found || overlaps
                guard let marking else {
                    if found { break } else { continue }
                }
                marking[Int(list.index[slot])] = overlaps
            }
            chunkFound[chunk] = found
        }
        for chunk in 0..<chunks where chunkFound[chunk] { return true }
        return false
    }

    @inline(__always)
    private static func overlapsAnother(_ slot: Int, list: NeighbourGrid.View) -> Bool {
        let x = list.x[slot]
        let y = list.y[slot]
        let radius = list.radius[slot]
        var found = false
        // The same test, to the last bit, as `stepOut`'s: a cell left unmarked has nothing to do there.
        list.forEachSlot(near: Int(list.index[slot]), reach: 1) { other in
            let dx = x - list.x[other]
            let dy = y - list.y[other]
            let reach = radius + list.radius[other]
            if dx * dx + dy * dy < (reach - slack) * (reach - slack) && other != slot { found = true }
        }
        return found
    }

    /// Steps the cell at `rank` out of its earlier neighbours, pass after pass until it overlaps none or
    /// the passes run out; returns whether it moved, and whether it may still overlap one.
    private func sweep(_ rank: Int, cells: RankedCells, passes: Int, center: Point, jitter: PairJitter) -> (
        moved: Bool, unresolved: Bool
    ) {
        var count = gatherEarlier(rank)
        var moved = false
        for _ in 0..<passes {
            guard stepOut(rank, among: count, cells: cells, center: center, jitter: jitter) else {
                return (moved, false)
            }
            moved = true
            if grid.move(rank, x: cells.x[rank], y: cells.y[rank]) { count = gatherEarlier(rank) }
        }
        return (moved, true)
    }

    /// Collects the cells ranked before `rank` in the squares around the cell's; returns how many.
    private func gatherEarlier(_ rank: Int) -> Int {
        var count = 0
        grid.forEachNeighbour(of: rank) { other in
            guard other < rank else { return }
            earlier.reserve(count + 1, keeping: count)
            earlier.pointer[count] = Int32(other)
            count += 1
        }
        return count
    }

    /// Marks the later cells that the moved cell at `rank` now overlaps.
    private func markLaterOverlaps(of rank: Int, cells: RankedCells) {
        let (x, y, radius) = (cells.x, cells.y, cells.radius)
        grid.forEachNeighbour(of: rank) { other in
            guard other > rank, !marked.pointer[other] else { return }
            let reach = radius[rank] + radius[other]
            let dx = x[rank] - x[other]
            let dy = y[rank] - y[other]
            if dx * dx + dy * dy < (reach - Self.slack) * (reach - Self.slack) { marked.pointer[other] = true }
        }
    }

    /// Moves the cell at `rank` out of every overlapping cell among the first `count` gathered, by the
    /// sum of the pushes out of each; returns whether it moved. A cell wedged between cells whose pushes
    /// cancel moves straight out from the centre instead, by the deepest overlap: the way out for a
    /// sweep from the centre.
    private func stepOut(_ rank: Int, among count: Int, cells: RankedCells, center: Point, jitter: PairJitter)
        -> Bool
    {
        let (x, y, radius) = (cells.x, cells.y, cells.radius)
        var push = Vector.zero
        var deepest = 0.0
        var moved = false
        for slot in 0..<count {
            let other = Int(earlier.pointer[slot])
            let reach = radius[rank] + radius[other]
            var dx = x[rank] - x[other]
            var dy = y[rank] - y[other]
            let squaredDistance = dx * dx + dy * dy
            guard squaredDistance < (reach - Self.slack) * (reach - Self.slack) else { continue }
            var distance = squaredDistance.squareRoot()
            if squaredDistance == 0 {
                (dx, dy) = jitter.direction(from: cells.id(other), to: cells.id(rank))
                distance = 1
            }
            let overlap = reach - squaredDistance.squareRoot()
            push += Vector(dx: dx * overlap / distance, dy: dy * overlap / distance)
            deepest = max(deepest, overlap)
            moved = true
        }
        if moved && push.length < deepest / 2 {
            let outward = Point(x: x[rank], y: y[rank]) - center
            let length = outward.length
            push = length > 0 ? outward * (deepest / length) : Vector(dx: deepest, dy: 0)
        }
        x[rank] += push.dx
        y[rank] += push.dy
        return moved
    }
}
