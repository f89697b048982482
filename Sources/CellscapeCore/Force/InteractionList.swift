/// What the cells of one quadtree leaf interact with: the nodes far enough away to act as one charge,
/// and the cells of the leaves that are not.
///
/// Collected once per leaf by walking the tree with the opening test taken against the leaf's bounding
/// box, then used by every cell of the leaf in two tight loops. Each cell is at least as far from an
/// accepted node as the box is, so its error is no worse than per-cell Barnes-Hut at the same theta.
final class InteractionList {
    let nodeX = ScratchBuffer<Double>()
    let nodeY = ScratchBuffer<Double>()
    let nodeCharge = ScratchBuffer<Double>()
    let nodeXX = ScratchBuffer<Double>()
    let nodeXY = ScratchBuffer<Double>()
    let nodeYY = ScratchBuffer<Double>()
    private(set) var nodeCount = 0

    let cellX = ScratchBuffer<Double>()
    let cellY = ScratchBuffer<Double>()
    let cellSlot = ScratchBuffer<Int32>()
    private(set) var cellCount = 0

    private let stack = ScratchBuffer<Int32>(capacity: Quadtree.stackCapacity)

    /// Collects the interactions of the cells of `leaf`.
    func collect(for leaf: QuadtreeNode, tree: Quadtree, theta: Double) {
        var boxMinX = Double.infinity
        var boxMinY = Double.infinity
        var boxMaxX = -Double.infinity
        var boxMaxY = -Double.infinity
        for slot in Int(leaf.start)..<Int(leaf.end) {
            boxMinX = min(boxMinX, tree.pointX.pointer[slot])
            boxMaxX = max(boxMaxX, tree.pointX.pointer[slot])
            boxMinY = min(boxMinY, tree.pointY.pointer[slot])
            boxMaxY = max(boxMaxY, tree.pointY.pointer[slot])
        }
        let thetaSquared = theta * theta
        let nodes = tree.nodes.pointer
        let stack = stack.pointer
        nodeCount = 0
        cellCount = 0
        var depth = 1
        stack[0] = 0
        while depth > 0 {
            depth -= 1
            let node = nodes[Int(stack[depth])]
            if node.charge == 0 { continue }
            let gapX = max(boxMinX - node.centerX, node.centerX - boxMaxX, 0)
            let gapY = max(boxMinY - node.centerY, node.centerY - boxMaxY, 0)
            let holdsLeaf =
                boxMinX >= node.minX && boxMaxX < node.minX + node.size && boxMinY >= node.minY
                && boxMaxY < node.minY + node.size
            if node.size * node.size < thetaSquared * (gapX * gapX + gapY * gapY) && !holdsLeaf {
                appendNode(node)
            } else if node.isLeaf {
                appendCells(of: node, tree: tree)
            } else {
                let first = node.firstChild
                stack[depth] = first + 3
                stack[depth + 1] = first + 2
                stack[depth + 2] = first + 1
                stack[depth + 3] = first
                depth += 4
            }
        }
    }

    private func appendNode(_ node: QuadtreeNode) {
        let index = nodeCount
        nodeCount += 1
        if nodeCount > nodeX.capacity {
            for buffer in [nodeX, nodeY, nodeCharge, nodeXX, nodeXY, nodeYY] {
                buffer.reserve(nodeCount, keeping: index)
            }
        }
        nodeX.pointer[index] = node.centerX
        nodeY.pointer[index] = node.centerY
        nodeCharge.pointer[index] = node.charge
        nodeXX.pointer[index] = node.momentXX
        nodeXY.pointer[index] = node.momentXY
        nodeYY.pointer[index] = node.momentYY
    }

    private func appendCells(of node: QuadtreeNode, tree: Quadtree) {
        let start = cellCount
        cellCount += Int(node.end - node.start)
        if cellCount > cellX.capacity {
            cellX.reserve(cellCount, keeping: start)
            cellY.reserve(cellCount, keeping: start)
            cellSlot.reserve(cellCount, keeping: start)
        }
        var target = start
        for slot in Int(node.start)..<Int(node.end) {
            cellX.pointer[target] = tree.pointX.pointer[slot]
            cellY.pointer[target] = tree.pointY.pointer[slot]
            cellSlot.pointer[target] = Int32(slot)
            target += 1
        }
    }
}
