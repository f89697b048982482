/// What acts alike on every leaf of a group (a subtree of a few dozen cells): the nodes far from the
/// whole group, summed into one ``LocalExpansion`` about its centre; the nodes far enough from every
/// cell of the group to act as one charge; and the nodes near it, which each leaf of the group opens
/// for itself (``InteractionList/collect(for:group:tree:theta:)``).
///
/// A node that acts as one charge on every cell of the group does so on every cell of each leaf, and the
/// group's expansion, moved to a leaf's centre, is the same polynomial: so the walk from the root is
/// made once per group instead of once per leaf, and each leaf walks down from the group's near nodes.
final class GroupInteractions {
    /// The box of the group's cells.
    @exclusivity(unchecked) private(set) var box = CellBox()
    /// The field of the nodes far from the whole group, about the centre of its box.
    @exclusivity(unchecked) private(set) var local = LocalExpansion()
    /// Nodes that act as one charge on each cell of the group.
    let far = ScratchBuffer<Int32>()
    @exclusivity(unchecked) private(set) var farCount = 0
    /// Nodes near the group: no larger than it, or leaves.
    let near = ScratchBuffer<Int32>()
    @exclusivity(unchecked) private(set) var nearCount = 0

    private let stack = ScratchBuffer<Int32>(capacity: Quadtree.stackCapacity)
    /// The nodes far from the whole group, relative to them: the group's centre minus theirs.
    private let sources = NodeLanes()

    /// Walks the tree from the root for the cells of `group`, and records what it decided as the first
    /// section of `plan`.
    func collect(for group: QuadtreeNode, tree: Quadtree.View, theta: Double, recordingInto plan: InteractionPlan?) {
        begin(group, tree: tree)
        let radius = box.radius
        let nodes = tree.nodes
        let stack = stack.pointer
        var depth = 1
        stack[0] = 0
        while depth > 0 {
            depth -= 1
            let index = stack[depth]
            let node = nodes[Int(index)]
            if node.charge == 0 { continue }
            let action: InteractionPlan.Action
            switch box.reach(of: node, theta: theta, radius: radius) {
            case .local: action = .local
            case .far: action = .far
            case .near where node.isLeaf || node.size <= group.size:
                // The leaves open these for themselves: nothing to replay.
                act(.near, on: index, node: node)
                continue
            case .near:
                node.pushChildren(onto: stack, depth: &depth)
                continue
            }
            plan?.record(action, node: index)
            act(action, on: index, node: node)
        }
        plan?.endSection()
        local = sources.expansion()
    }

    /// Repeats the decisions of the first section of `plan` for the cells of `group`, at their current
    /// positions; the nodes near the group are not needed (its leaves replay their own decisions).
    func replay(for group: QuadtreeNode, tree: Quadtree.View, plan: InteractionPlan) {
        begin(group, tree: tree)
        let nodes = tree.nodes
        plan.forEachAction(inSection: 0) { action, index in act(action, on: index, node: nodes[Int(index)]) }
        local = sources.expansion()
    }

    private func begin(_ group: QuadtreeNode, tree: Quadtree.View) {
        box = CellBox(tree: tree, start: Int(group.start), end: Int(group.end))
        sources.removeAll()
        farCount = 0
        nearCount = 0
    }

    @inline(__always)
    private func act(_ action: InteractionPlan.Action, on index: Int32, node: QuadtreeNode) {
        switch action {
        case .local: sources.append(x: box.centerX - node.centerX, y: box.centerY - node.centerY, node: node)
        case .far: Self.append(index, to: far, count: &farCount)
        case .near: Self.append(index, to: near, count: &nearCount)
        }
    }

    @inline(__always)
    private static func append(_ index: Int32, to buffer: ScratchBuffer<Int32>, count: inout Int) {
        buffer.reserve(count + 1, keeping: count)
        buffer.pointer[count] = index
        count += 1
    }
}
