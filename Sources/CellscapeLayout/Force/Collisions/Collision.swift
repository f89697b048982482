/// Keeps cells from overlapping: contacts take the load of the forces, and one sweep from the centre
/// outwards pushes apart whatever still overlaps after a step.
///
/// A damped move is limited so that a cell closes at most half the gap to any neighbour
/// (``prepareMoveLimits(cells:threads:treeGeneration:keepingGridWithin:)``): no two cells can run into each other, and a packed
/// cloud stays at rest, its contacts bearing the load, instead of being squeezed and pushed back every
/// step. After the step, if anything overlaps (cells grew, or the seed integrator's moves are not
/// limited), an ``OverlapSweep`` pushes cells apart from the centre outwards. All of it uses each cell's
/// collision radius, which grows to its radius while the cell is new.
final class Collision {
    private let list = NeighbourGrid()
    private let sweep = OverlapSweep()
    /// One buffer of limits per worker (a temporary allocation of that size came from the heap, once per
    /// cell and step).
    private var limitBuffers: [MoveLimit.Buffer] = []

    /// The limits found last (``prepareMoveLimits(cells:threads:treeGeneration:keepingGridWithin:)``).
    private(set) var moveLimits: MoveLimits?

    /// Finds the limits on this step's damped moves (``moveLimits``) from the positions before any cell
    /// moves, so a cell's limited move does not depend on when the others move; nil when no cell can limit another
    /// (one cell, or none grown yet). With `slack` (the quadtree of generation `treeGeneration` was kept,
    /// and no cell has moved farther since it was built) a grid sorted for that tree is kept too, at the
    /// new positions; only such a grid may take the tree's drift as its slack.
    func prepareMoveLimits(
        cells: CellPointers, threads: Int, treeGeneration: Int, keepingGridWithin slack: Double? = nil
    ) {
        moveLimits = nil
        let largestRadius = Self.largestRadius(cells.collisionRadius, count: cells.count)
        guard cells.count > 1, largestRadius > 0 else { return }
        if let slack, list.treeGeneration == treeGeneration {
            list.refresh(cells: cells, radii: cells.collisionRadius, slack: slack)
        } else {
            list.build(cells: cells, radii: cells.collisionRadius, squareSize: 2 * largestRadius + 2)
            // Sorted from the tree's positions: the tree was built now, or kept with no cell moved since.
            if slack == nil || slack == 0 { list.treeGeneration = treeGeneration }
        }
        while limitBuffers.count < threads { limitBuffers.append(MoveLimit.Buffer()) }
        moveLimits = MoveLimits(list: list.view, largestRadius: largestRadius, buffers: limitBuffers)
    }

    static func largestRadius(_ radii: DisjointBuffer<Double>, count: Int) -> Double {
        var largest = 0.0
        for index in 0..<count { largest = max(largest, radii[index]) }
        return largest
    }

    /// Resolves overlaps; each cell steps out of its earlier neighbours up to `passes` times. Returns
    /// whether overlaps may remain. `markedAny` says whether any cell is marked in
    /// ``overlapMarks(count:)``, or is nil to search for them.
    func resolve(
        cells: CellPointers, center: Point, passes: Int, jitter: PairJitter, scratch: OverlapSweep.Scratch,
        markedAny: Bool?, parallel: ParallelChunks
    ) -> Bool {
        return sweep.resolve(
            cells: cells, center: center, passes: passes, jitter: jitter, list: list, scratch: scratch,
            markedAny: markedAny, parallel: parallel)
    }

    /// Where the move limit marks the cells that overlap another (by index), for the sweep.
    func overlapMarks(count: Int) -> DisjointBuffer<Bool> {
        sweep.overlapMarks(count: count)
    }

    /// How many cells would overlap another at their full radii; `stoppingAtFirst`, 1 as soon as one does
    /// (whether growing cells can take their full size at once).
    func overlappingAtFullSize(cells: CellPointers, parallel: ParallelChunks, stoppingAtFirst: Bool) -> Int {
        let marks = stoppingAtFirst ? nil : sweep.overlapMarks(count: cells.count)
        guard
            sweep.findOverlaps(
                cells: cells, radii: cells.radius, largestRadius: Self.largestRadius(cells.radius, count: cells.count),
                list: list, marking: marks, parallel: parallel)
        else { return 0 }
        guard let marks else { return 1 }
        return (0..<cells.count).reduce(0) { $0 + (marks[$1] ? 1 : 0) }
    }
}

/// The limits on one step's damped moves: the cells sorted into the grid the limit searches, the
/// largest collision radius, and a buffer per worker (``MoveLimit/limit(_:slot:largestRadius:list:buffer:)``).
struct MoveLimits {
    let list: NeighbourGrid.View
    let largestRadius: Double
    let buffers: [MoveLimit.Buffer]
}
