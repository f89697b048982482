/// The damped move of every cell, limited so that none runs into another, and how far they moved.
extension ForceWorkspace {
    /// Moves every cell as the integrator says; a damped move shorter than `hold` of a cell with another within its
    /// radius is not taken (a resting layout's static friction). A damped move is limited so that no cell runs into
    /// another (``MoveLimits``), and a move the limit held back and that reverses the cell's last one halves its share
    /// of a step. One parallel loop takes each cell through all of it, in index order: the limits read the positions
    /// from before the step, copied into their grid, so no cell waits for another. The limits also mark the cells that
    /// overlap another for the sweep (a limited move cannot make a new overlap): returns whether any does, or nil when
    /// the moves were not limited.
    ///
    /// With `sharedMotion` (damped moves, no pinned cell), the spring's pull on the cells' centroid moves
    /// all of them alike (``SharedMotion``) and each cell's own move takes the rest of its force.
    func move(
        cells: CellPointers, settings: ForceSettings, limits: MoveLimits?, parallel: ParallelChunks,
        holding hold: Double, center: Point, sharedMotion: inout SharedMotion?
    ) -> Bool? {
        // Each chunk moves its own cells.
        let forceX = forceX.shared
        let forceY = forceY.shared
        guard settings.integrator == .damped else {
            for index in 0..<cells.count {
                cells.x[index] += forceX[index]
                cells.y[index] += forceY[index]
            }
            return nil
        }
        let step = DampedStep(
            momentum: settings.momentum, maximumStep: settings.maximumStep, stiffnessLimit: settings.stiffnessLimit)
        let stiffness = stiffness.shared
        let (pull, shared) = advance(
            &sharedMotion, cells: cells, settings: settings, center: center, parallel: parallel)
        guard let limits else {
            // Only a move the limit held back slows a cell, so without collisions every share stays
            // whole (any change of the settings wakes the layout, which makes them whole).
            let collisions = settings.collisions
            parallel.forEachChunk(count: cells.count) { _, range in
                for index in range {
                    let lastMove = cells.velocity[index]
                    let move = step.velocity(
                        index, cells: cells, force: Vector(dx: forceX[index] - pull.dx, dy: forceY[index] - pull.dy),
                        stiffness: stiffness[index])
                    if collisions {
                        DampedStep.updateScale(index, cells: cells, move: move, lastMove: lastMove, limited: false)
                    }
                    cells.x[index] += move.dx + shared.dx
                    cells.y[index] += move.dy + shared.dy
                }
            }
            return nil
        }
        let list = limits.list
        let largestRadius = limits.largestRadius
        let marks = collision.overlapMarks(count: cells.count)
        chunkFound.reserve(ParallelChunks.chunkCount(for: cells.count))
        let chunkFound = chunkFound.shared
        parallel.forEachChunk(count: cells.count, scratch: limits.buffers) { buffer, chunk, range in
            var found = false
            for index in range {
                let lastMove = cells.velocity[index]
                let wanted = step.velocity(
                    index, cells: cells, force: Vector(dx: forceX[index] - pull.dx, dy: forceY[index] - pull.dy),
                    stiffness: stiffness[index])
                let slot = Int(list.slotOf[index])
                var (move, overlaps, inCompany) = MoveLimit.limit(
                    wanted, slot: slot, largestRadius: largestRadius, list: list, buffer: buffer,
                    company: hold > 0 ? list.radius[slot] : 0, lastMove: lastMove)
                // Static friction holds a resting cell among others, not a lone one.
                if inCompany && move.squaredLength < hold * hold { move = .zero }
                marks[index] = overlaps
                found = found || overlaps
                cells.velocity[index] = move
                DampedStep.updateScale(index, cells: cells, move: move, lastMove: lastMove, limited: move != wanted)
                cells.x[index] += move.dx + shared.dx
                cells.y[index] += move.dy + shared.dy
            }
            chunkFound[chunk] = found
        }
        return (0..<ParallelChunks.chunkCount(for: cells.count)).contains { chunkFound[$0] }
    }

    /// The spring's pull on the cells' centroid and the move it gives all of them alike this step, or
    /// zeros without a shared motion.
    private func advance(
        _ sharedMotion: inout SharedMotion?, cells: CellPointers, settings: ForceSettings, center: Point,
        parallel: ParallelChunks
    ) -> (pull: Vector, shared: Vector) {
        guard var motion = sharedMotion else { return (.zero, .zero) }
        let pull = settings.springStiffness * (center - centroid(cells: cells, parallel: parallel))
        let shared = motion.advance(pulledBy: pull, maximumStep: settings.maximumStep)
        sharedMotion = motion
        return (pull, shared)
    }

    /// The mean position of the cells, summed per fixed chunk so it is the same on any thread count (in the
    /// movement's chunk buffers, free until the step measures it).
    func centroid(cells: CellPointers, parallel: ParallelChunks) -> Point {
        let chunks = ParallelChunks.chunkCount(for: cells.count)
        chunkTotals.reserve(chunks)
        chunkLargest.reserve(chunks)
        let sumsX = chunkTotals.shared
        let sumsY = chunkLargest.shared
        parallel.forEachChunk(count: cells.count) { chunk, range in
            var x = 0.0
            var y = 0.0
            for index in range {
                x += cells.x[index]
                y += cells.y[index]
            }
            sumsX[chunk] = x
            sumsY[chunk] = y
        }
        var sum = Vector.zero
        for chunk in 0..<chunks { sum += Vector(dx: sumsX[chunk], dy: sumsY[chunk]) }
        return Point(x: sum.dx / Double(cells.count), y: sum.dy / Double(cells.count))
    }

    /// Sums the distance each cell moved, per fixed chunk so the total is the same on any thread count.
    func measureMovement(cells: CellPointers, parallel: ParallelChunks) -> Movement {
        let chunks = ParallelChunks.chunkCount(for: cells.count)
        chunkTotals.reserve(chunks)
        chunkLargest.reserve(chunks)
        let previousX = previousX.shared
        let previousY = previousY.shared
        let totals = chunkTotals.shared
        let largest = chunkLargest.shared
        parallel.forEachChunk(count: cells.count) { chunk, range in
            var total = 0.0
            var most = 0.0
            for index in range {
                let dx = cells.x[index] - previousX[index]
                let dy = cells.y[index] - previousY[index]
                let distance = (dx * dx + dy * dy).squareRoot()
                total += distance
                most = max(most, distance)
            }
            totals[chunk] = total
            largest[chunk] = most
        }
        var movement = Movement.zero
        for chunk in 0..<chunks {
            movement.total += totals[chunk]
            movement.largest = max(movement.largest, largest[chunk])
        }
        return movement
    }
}
