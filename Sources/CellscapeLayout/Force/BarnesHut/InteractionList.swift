/// What the cells of one quadtree leaf interact with: the nodes far from the whole leaf, summed into one
/// ``LocalExpansion``; the nodes far enough from every cell to act as one charge; and the cells of the
/// leaves that are not.
///
/// Collected once per leaf, from what its group decided (``GroupInteractions``), with the opening test
/// taken against the leaf's bounding box, then used by every cell of the leaf in two tight loops of
/// four lanes. Positions are kept in single precision relative to the leaf's centre (within 1,000 px of
/// it, to 0.0001 px), far below the approximation's own error; the sums go back to double precision.
/// Each cell is at least as far from an accepted node as the box is, so its error is no worse than
/// per-cell Barnes-Hut at the same theta.
final class InteractionList {
    /// The lanes the repulsion's loops take at a time; both lists are padded to a multiple of it with
    /// entries of no charge.
    static let lanes = 4

    /// The centre of the leaf's cells; positions below are relative to it, in single precision.
    @exclusivity(unchecked) private(set) var originX = 0.0
    @exclusivity(unchecked) private(set) var originY = 0.0

    /// The nodes that act as one charge on each cell, relative to the leaf's centre.
    let far = NodeLanes()
    /// Room for the force of each far node on one cell, before they are added.
    let farTerms = ForceTerms()

    let cellX = ScratchBuffer<Float>()
    let cellY = ScratchBuffer<Float>()
    /// 1 for a cell, 0 for padding. Every entry past the cells holds 1 until it becomes padding and
    /// again after, so appending a cell writes only its position.
    let cellCharge = ScratchBuffer<Float>()
    /// The number of near cells, padding included.
    @exclusivity(unchecked) private(set) var cellCount = 0
    /// The number of near cells, padding excluded.
    @exclusivity(unchecked) private var realCellCount = 0
    /// For each leaf whose cells are listed, where they start in the list and in the tree's order.
    private let runStarts = ScratchBuffer<SIMD2<Int32>>()
    @exclusivity(unchecked) private var runCount = 0

    /// The field of the nodes far from the whole leaf, about its centre.
    @exclusivity(unchecked) private(set) var local = LocalExpansion()

    private let stack = ScratchBuffer<Int32>(capacity: Quadtree.stackCapacity)
    /// The nodes far from the whole leaf, relative to them: the leaf's centre minus theirs.
    private let sources = NodeLanes()
    /// What the leaves of the group being collected share.
    let group = GroupInteractions()

    /// Where padding sits, relative to the leaf: far enough to keep every expression finite.
    private static let padding: Float = 1e6

    init() {
        cellCharge.pointer.update(repeating: 1, count: cellCharge.capacity)
    }

    /// Collects the interactions of the cells of `leaf`, one of the leaves of `group`, starting from
    /// what the group has decided for all its leaves, and records what it decided as the next section
    /// of `plan`.
    func collect(
        for leaf: QuadtreeNode, group: GroupInteractions, tree: Quadtree.View, theta: Double,
        recordingInto plan: InteractionPlan?
    ) {
        let box = begin(leaf, group: group, tree: tree)
        let radius = box.radius
        let nodes = tree.nodes
        stack.reserve(group.nearCount + Quadtree.stackCapacity)
        let stack = stack.pointer
        var depth = group.nearCount
        for entry in 0..<depth { stack[entry] = group.near.pointer[depth - 1 - entry] }
        while depth > 0 {
            depth -= 1
            let index = stack[depth]
            let node = nodes[Int(index)]
            if node.charge == 0 { continue }
            let action: InteractionPlan.Action
            switch box.reach(of: node, theta: theta, radius: radius) {
            case .local: action = .local
            case .far: action = .far
            case .near where node.isLeaf: action = .near
            case .near:
                node.pushChildren(onto: stack, depth: &depth)
                continue
            }
            plan?.record(action, node: index)
            act(action, on: node, tree: tree)
        }
        plan?.endSection()
        finish()
    }

    /// Repeats the decisions of section `section` of `plan` for the cells of `leaf` at their current
    /// positions, after `group` has replayed its own.
    func replay(
        for leaf: QuadtreeNode, group: GroupInteractions, tree: Quadtree.View, plan: InteractionPlan, section: Int
    ) {
        begin(leaf, group: group, tree: tree)
        let nodes = tree.nodes
        plan.forEachAction(inSection: section) { action, index in act(action, on: nodes[Int(index)], tree: tree) }
        finish()
    }

    /// Empties the list for the cells of `leaf`, takes the group's expansion and far nodes, and returns
    /// the leaf's box.
    @discardableResult
    private func begin(_ leaf: QuadtreeNode, group: GroupInteractions, tree: Quadtree.View) -> CellBox {
        let box = CellBox(tree: tree, start: Int(leaf.start), end: Int(leaf.end))
        originX = box.centerX
        originY = box.centerY
        local = group.local.moved(byX: originX - group.box.centerX, y: originY - group.box.centerY)
        let nodes = tree.nodes
        far.removeAll()
        for index in realCellCount..<cellCount { cellCharge.pointer[index] = 1 }
        cellCount = 0
        runCount = 0
        sources.removeAll()
        for entry in 0..<group.farCount { appendFar(nodes[Int(group.far.pointer[entry])]) }
        return box
    }

    @inline(__always)
    private func act(_ action: InteractionPlan.Action, on node: QuadtreeNode, tree: Quadtree.View) {
        switch action {
        case .local: sources.append(x: originX - node.centerX, y: originY - node.centerY, node: node)
        case .far: appendFar(node)
        case .near: appendCells(of: node, tree: tree)
        }
    }

    /// Sums the expansion and pads both lists to whole lanes.
    private func finish() {
        local += sources.expansion()
        far.pad(x: Self.padding, y: Self.padding)
        farTerms.reserve(far.count)
        realCellCount = cellCount
        let paddedCount = (cellCount + Self.lanes - 1) / Self.lanes * Self.lanes
        reserveCells(paddedCount)
        for index in cellCount..<paddedCount {
            cellX.pointer[index] = Self.padding
            cellY.pointer[index] = Self.padding
            cellCharge.pointer[index] = 0
        }
        cellCount = paddedCount
    }

    /// Calls `body` with the list index and the tree slot of every near cell, in list order.
    func forEachNearCell(_ body: (_ index: Int, _ slot: Int) -> Void) {
        for run in 0..<runCount {
            let first = Int(runStarts.pointer[run][0])
            let end = run + 1 < runCount ? Int(runStarts.pointer[run + 1][0]) : realCellCount
            let slot = Int(runStarts.pointer[run][1])
            for index in first..<end { body(index, slot + index - first) }
        }
    }

    @inline(__always)
    private func appendFar(_ node: QuadtreeNode) {
        far.append(x: node.centerX - originX, y: node.centerY - originY, node: node)
    }

    /// Appends the node's cells: room for all of them first, then one tight loop.
    private func appendCells(of node: QuadtreeNode, tree: Quadtree.View) {
        let start = Int(node.start)
        let count = Int(node.end) - start
        let first = cellCount
        reserveCells(first + count)
        runStarts.reserve(runCount + 1, keeping: runCount)
        runStarts.pointer[runCount] = SIMD2(Int32(first), Int32(start))
        runCount += 1
        let pointX = tree.pointX.base + start
        let pointY = tree.pointY.base + start
        let cellX = cellX.pointer + first
        let cellY = cellY.pointer + first
        let originX = originX
        let originY = originY
        for offset in 0..<count {
            cellX[offset] = Float(pointX[offset] - originX)
            cellY[offset] = Float(pointY[offset] - originY)
        }
        cellCount = first + count
    }

    /// Makes room for `count` near cells, keeping those already listed; the new room's charges are 1.
    @inline(__always)
    private func reserveCells(_ count: Int) {
        guard count > cellX.capacity else { return }
        cellX.reserve(count, keeping: cellCount)
        cellY.reserve(count, keeping: cellCount)
        cellCharge.reserve(count, keeping: cellCount)
        (cellCharge.pointer + cellCount).update(repeating: 1, count: cellCharge.capacity - cellCount)
    }
}

/// The force of each of a list's nodes on one cell, and its stiffness, in single precision.
final class ForceTerms {
    let x = ScratchBuffer<Float>()
    let y = ScratchBuffer<Float>()
    let stiffness = ScratchBuffer<Float>()

    /// Makes room for `count` terms.
    func reserve(_ count: Int) {
        x.reserve(count)
        y.reserve(count)
        stiffness.reserve(count)
    }
}
