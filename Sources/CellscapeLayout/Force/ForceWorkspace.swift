/// The scratch memory of the simulation and the passes of one step.
///
/// A step: forces from the old positions (spring plus repulsion, in parallel), the integrator's move,
/// the collision passes, then the movement of every cell. Every buffer is reused: a warm step allocates
/// nothing on one thread, and only the worker pool's hand-offs on more.
final class ForceWorkspace {
    let forceX = ScratchBuffer<Double>()
    let forceY = ScratchBuffer<Double>()
    let stiffness = ScratchBuffer<Double>()
    let previousX = ScratchBuffer<Double>()
    let previousY = ScratchBuffer<Double>()
    let chunkTotals = ScratchBuffer<Double>()
    let chunkLargest = ScratchBuffer<Double>()
    let chunkFound = ScratchBuffer<Bool>()
    var lists: [InteractionList] = []
    /// What the walks of the tree decided for each group, replayed while the tree is kept.
    var plans: [InteractionPlan] = []
    /// Whether the tree and its plans may be kept for the next step: false until a step has built them,
    /// and again after anything but a step changed the cells or the settings (``invalidateTree()``).
    /// Whether the grid of the move limits matches the tree is the tree's ``Quadtree/generation``.
    var mayKeepTree = false
    /// How many steps kept the tree of the step before.
    private(set) var keptTreeSteps = 0
    var pool: WorkerPool?
    let tree = Quadtree()
    let collision = Collision()

    /// Advances the cells by one step and returns how far they moved.
    ///
    /// The overlap sweep runs only where `mayOverlap` says cells may overlap, or after a seed step;
    /// afterwards `mayOverlap` says whether overlaps may remain. A damped step closes at most half the
    /// gap between any two cells, so it cannot make an overlap: a layout at rest skips the search.
    func step(
        cells: CellPointers, settings: ForceSettings, center: Point, jitter: PairJitter, mayOverlap: inout Bool,
        holdingMovesBelow hold: Double = 0, sharedMotion: inout SharedMotion?
    ) -> Movement {
        let count = cells.count
        let parallel = parallelChunks(threads: settings.threads)
        prepare(count: count)
        previousX.pointer.update(from: cells.x.base, count: count)
        previousY.pointer.update(from: cells.y.base, count: count)

        let (limits, keptTree) = buildIndexes(
            cells: cells, settings: settings, parallel: parallel, limitingMoves: true)
        sumForces(
            cells: cells, settings: settings, center: center, jitter: jitter, parallel: parallel, replaying: keptTree)
        mayKeepTree = settings.keepsTrees(count: count)
        if keptTree { keptTreeSteps += 1 }
        let marked = move(
            cells: cells, settings: settings, limits: limits, parallel: parallel, holding: hold, center: center,
            sharedMotion: &sharedMotion)
        if settings.collisions && (mayOverlap || settings.integrator == .seed) {
            // The moves are applied: the buffers that held them are free for the sweep.
            let scratch = OverlapSweep.Scratch(x: forceX.pointer, y: forceY.pointer, radius: stiffness.pointer)
            mayOverlap = collision.resolve(
                cells: cells, center: center, passes: settings.collisionPasses, jitter: jitter, scratch: scratch,
                markedAny: marked, parallel: parallel)
        }
        return measureMovement(cells: cells, parallel: parallel)
    }

    /// Grows every growing cell's collision radius by its share of `steps`; returns whether any cell is
    /// still growing.
    func grow(cells: CellPointers, steps: Int) -> Bool {
        var growing = false
        for index in 0..<cells.count where cells.collisionRadius[index] < cells.radius[index] {
            let grown = cells.collisionRadius[index] + cells.radius[index] / Double(max(1, steps))
            cells.collisionRadius[index] = min(grown, cells.radius[index])
            growing = growing || grown < cells.radius[index]
        }
        return growing
    }

    /// How many cells would overlap another at their full radii; `stoppingAtFirst`, 1 as soon as one does.
    func overlappingAtFullSize(cells: CellPointers, threads: Int, stoppingAtFirst: Bool = false) -> Int {
        collision.overlappingAtFullSize(
            cells: cells, parallel: parallelChunks(threads: threads), stoppingAtFirst: stoppingAtFirst)
    }

    /// The parallel loop over this workspace's threads, started on first use and kept while the count
    /// stays the same.
    func parallelChunks(threads: Int) -> ParallelChunks {
        if pool?.workers != max(1, threads) { pool = WorkerPool.shared(workers: threads) }
        return ParallelChunks(pool: pool!)
    }

    /// Stores the cells in the order of the quadtree built this step (see
    /// ``Quadtree/storeInTreeOrder(cells:)``); returns false, leaving them as they are, when there is
    /// no tree of these cells.
    func storeInTreeOrder(cells: CellPointers, settings: ForceSettings) -> Bool {
        guard settings.repulsion != .exact, tree.pointCount == cells.count else { return false }
        tree.storeInTreeOrder(cells: cells)
        return true
    }

    /// Makes room for `count` cells.
    func prepare(count: Int) {
        forceX.reserve(count)
        forceY.reserve(count)
        stiffness.reserve(count)
        previousX.reserve(count)
        previousY.reserve(count)
    }

    /// Writes spring plus repulsion for every cell into `forceX` and `forceY`, from a quadtree built anew
    /// or, `keepingTree`, from the tree the next step would keep (``ForceSettings/rebuildDrift``), so
    /// that these are the forces that step computes; returns whether the tree was kept.
    @discardableResult
    func computeForces(
        cells: CellPointers, settings: ForceSettings, center: Point, jitter: PairJitter,
        parallel: ParallelChunks, keepingTree: Bool = false
    ) -> Bool {
        let (_, kept) = buildIndexes(
            cells: cells, settings: settings, parallel: parallel, limitingMoves: false, keepingTree: keepingTree)
        sumForces(cells: cells, settings: settings, center: center, jitter: jitter, parallel: parallel, replaying: kept)
        mayKeepTree = settings.keepsTrees(count: cells.count)
        return kept
    }

    /// Says that the cells or the settings changed other than by a step: the next step builds the tree.
    func invalidateTree() {
        mayKeepTree = false
    }

    /// Builds what a step searches, both from the positions before it: the quadtree of the repulsion
    /// (or, while no cell has drifted ``ForceSettings/rebuildDrift`` since it was built, the same tree
    /// at the new positions) and, `limitingMoves`, the grid of the move limits (kept with the tree).
    /// Neither needs the other, so two threads build them at once. Returns the limits, or nil when the
    /// moves are not limited, and whether the tree was kept.
    private func buildIndexes(
        cells: CellPointers, settings: ForceSettings, parallel: ParallelChunks, limitingMoves: Bool,
        keepingTree: Bool = true
    ) -> (limits: MoveLimits?, keptTree: Bool) {
        let needsTree = settings.repulsion != .exact
        let needsLimits = limitingMoves && settings.collisions && settings.integrator == .damped
        let drift = keepingTree ? keptTreeDrift(cells: cells, settings: settings) : nil
        let keptTree = drift != nil
        // The tree's generation once built: the grid is sorted for it, while the tree is being built.
        let treeGeneration = keptTree || !needsTree ? tree.generation : tree.generation + 1
        let threads = parallel.threads
        parallel.both(
            tree,
            { tree in
                guard needsTree else { return }
                if keptTree {
                    tree.refresh(cells: cells)
                } else {
                    tree.build(
                        cells: cells, leafCapacity: settings.leafCapacity, groupCapacity: settings.groupCapacity)
                }
            },
            collision,
            { collision in
                guard needsLimits else { return }
                collision.prepareMoveLimits(
                    cells: cells, threads: threads, treeGeneration: treeGeneration, keepingGridWithin: drift)
            })
        let limits = needsLimits ? collision.moveLimits : nil
        return (limits, keptTree)
    }

    /// How far the cells have drifted from the quadtree the last step or force evaluation built, if it
    /// may serve them still: nil when it must be built anew (``ForceSettings/rebuildDrift``).
    private func keptTreeDrift(cells: CellPointers, settings: ForceSettings) -> Double? {
        guard mayKeepTree, settings.keepsTrees(count: cells.count) else { return nil }
        return tree.largestDrift(of: cells, limit: settings.rebuildDrift)
    }

    private func buildTree(cells: CellPointers, settings: ForceSettings) {
        tree.build(cells: cells, leafCapacity: settings.leafCapacity, groupCapacity: settings.groupCapacity)
    }

    /// Spring plus repulsion, as ``computeForces(cells:settings:center:jitter:parallel:)``, from the
    /// quadtree already built: walking it, and recording each group's plan, or `replaying` the plans.
    private func sumForces(
        cells: CellPointers, settings: ForceSettings, center: Point, jitter: PairJitter,
        parallel: ParallelChunks, replaying: Bool
    ) {
        let spring = CenterSpring(stiffness: settings.springStiffness, center: center)
        let repulsion = Repulsion(settings: settings, jitter: jitter)
        // Each cell's force is written once, by the chunk of its index or of its leaf.
        let forceX = forceX.shared
        let forceY = forceY.shared
        let stiffness = stiffness.shared
        guard case .barnesHut(let theta) = settings.repulsion else {
            parallel.forEachChunk(count: cells.count) { _, range in
                for index in range {
                    let pull = spring.force(x: cells.x[index], y: cells.y[index])
                    let push = repulsion.exactForce(on: index, cells: cells)
                    forceX[index] = pull.x + push.x
                    forceY[index] = pull.y + push.y
                    stiffness[index] = push.stiffness
                }
            }
            return
        }
        while lists.count < parallel.threads { lists.append(InteractionList()) }
        let recording = settings.keepsTrees(count: cells.count)
        while recording && plans.count < tree.groupCount { plans.append(InteractionPlan()) }
        let tree = tree.view
        parallel.forEachChunk(
            count: self.tree.groupCount, chunkSize: 1, scratch: lists, parts: recording ? plans : []
        ) { list, plan, _, groups in
            for groupIndex in groups {
                let group = tree.groups[groupIndex]
                let groupNode = tree.nodes[Int(group.node)]
                if replaying, let plan {
                    list.group.replay(for: groupNode, tree: tree, plan: plan)
                } else {
                    plan?.removeAll()
                    list.group.collect(for: groupNode, tree: tree, theta: theta, recordingInto: plan)
                }
                for leafIndex in Int(group.firstLeaf)..<Int(group.endLeaf) {
                    let leaf = tree.nodes[Int(tree.leaves[leafIndex])]
                    if replaying, let plan {
                        let section = leafIndex - Int(group.firstLeaf) + 1
                        list.replay(for: leaf, group: list.group, tree: tree, plan: plan, section: section)
                    } else {
                        list.collect(
                            for: leaf, group: list.group, tree: tree, theta: theta, recordingInto: plan)
                    }
                    for slot in Int(leaf.start)..<Int(leaf.end) {
                        let index = Int(tree.points[slot].index)
                        let pull = spring.force(x: cells.x[index], y: cells.y[index])
                        let push = repulsion.barnesHutForce(onSlot: slot, list: list, tree: tree, ids: cells.ids)
                        forceX[index] = pull.x + push.x
                        forceY[index] = pull.y + push.y
                        stiffness[index] = push.stiffness
                    }
                }
            }
        }
    }

    /// The forces last computed by ``computeForces(cells:settings:center:jitter:parallel:)``.
    func force(at index: Int) -> Vector {
        Vector(dx: forceX.pointer[index], dy: forceY.pointer[index])
    }
}
