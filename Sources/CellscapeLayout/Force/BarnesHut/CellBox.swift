/// The bounding box of some of the tree's cells (a leaf's, or a group of leaves'), and how the nodes of
/// the tree act on them.
struct CellBox {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    /// How a node acts on the cells of a box.
    enum Reach {
        /// Through the box's ``LocalExpansion``: the node is far from the whole box.
        case local
        /// As one charge on each cell: the node is far enough from every cell of the box.
        case far
        /// Not as one charge: its children, or its cells, act instead.
        case near
    }

    /// An empty box.
    init() {}

    /// The box of the cells at `start..<end` in tree order.
    init(tree: Quadtree.View, start: Int, end: Int) {
        for slot in start..<end {
            minX = min(minX, tree.pointX[slot])
            maxX = max(maxX, tree.pointX[slot])
            minY = min(minY, tree.pointY[slot])
            maxY = max(maxY, tree.pointY[slot])
        }
    }

    /// The centre of the box, which positions in the interaction lists are relative to.
    var centerX: Double { (minX + maxX) / 2 }
    var centerY: Double { (minY + maxY) / 2 }

    /// Half the box's diagonal: every cell of the box lies this close to its centre.
    var radius: Double {
        let halfWidth = (maxX - minX) / 2
        let halfHeight = (maxY - minY) / 2
        return (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
    }

    /// How `node` acts on the box's cells. A node of side s acts as one charge when s < theta times the
    /// distance from the box to its centre of charge, and never when its square holds the box (the
    /// box's own cells are below it); through the expansion when the box is small beside that distance
    /// as well (``LocalExpansion/accepts(size:leafRadius:squaredDistance:theta:)``).
    @inline(__always)
    func reach(of node: QuadtreeNode, theta: Double, radius: Double) -> Reach {
        let gapX = max(minX - node.centerX, node.centerX - maxX, 0)
        let gapY = max(minY - node.centerY, node.centerY - maxY, 0)
        let holdsBox =
            minX >= node.minX && maxX < node.minX + node.size && minY >= node.minY && maxY < node.minY + node.size
        guard node.size * node.size < theta * theta * (gapX * gapX + gapY * gapY) && !holdsBox else { return .near }
        let dx = centerX - node.centerX
        let dy = centerY - node.centerY
        return LocalExpansion.accepts(
            size: node.size, leafRadius: radius, squaredDistance: dx * dx + dy * dy, theta: theta)
            ? .local : .far
    }
}
