/// What the walks of the quadtree decided for one group and each of its leaves, in the order they
/// decided it, so that later steps can repeat the decisions without walking the tree.
///
/// A walk tests a node against a box and then acts on it: the node joins the box's local expansion,
/// acts as one charge on each cell, or lends its cells to be summed pair by pair. The plan keeps each
/// action with its node; replayed over a tree whose cells have moved a little (``Quadtree/refresh(cells:drift:)``
/// keeps every cell in its node and sums the moments anew), it gives the forces of those nodes at the
/// cells' new places. Every cell is still counted exactly once, in one way or another; what a drift
/// changes is only how far an accepted node's cells reach beyond the square its test was made with.
final class InteractionPlan {
    /// What a walk did with a node.
    enum Action: Int32 {
        /// Added to the box's local expansion.
        case local = 0
        /// Acts as one charge on each cell of the box.
        case far = 1
        /// Its cells act pair by pair (a leaf's), or its square is opened by the leaves (a group's).
        case near = 2
    }

    /// Each entry is a node's index times four plus its action.
    private let entries = ScratchBuffer<Int32>()
    @exclusivity(unchecked) private var count = 0
    /// Where each section of entries ends: the group's first, then each leaf's in order.
    private let sectionEnds = ScratchBuffer<Int32>()
    @exclusivity(unchecked) private var sectionCount = 0

    /// Forgets every section, keeping the memory.
    func removeAll() {
        count = 0
        sectionCount = 0
    }

    /// Notes an action of the section being written.
    @inline(__always)
    func record(_ action: Action, node: Int32) {
        entries.reserve(count + 1, keeping: count)
        entries.pointer[count] = node << 2 | action.rawValue
        count += 1
    }

    /// Ends the section being written.
    func endSection() {
        sectionEnds.reserve(sectionCount + 1, keeping: sectionCount)
        sectionEnds.pointer[sectionCount] = Int32(count)
        sectionCount += 1
    }

    /// Calls `body` with every action of section `section`, in the order they were recorded.
    @inline(__always)
    func forEachAction(inSection section: Int, _ body: (Action, Int32) -> Void) {
        let start = section == 0 ? 0 : Int(sectionEnds.pointer[section - 1])
        for entry in start..<Int(sectionEnds.pointer[section]) {
            let value = entries.pointer[entry]
            let tag = value & 3
            body(tag == Action.local.rawValue ? .local : tag == Action.far.rawValue ? .far : .near, value >> 2)
        }
    }
}
