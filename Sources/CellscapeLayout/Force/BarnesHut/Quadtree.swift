/// One square of a ``Quadtree``: its cells' count and centre of charge, its extent and its children.
struct QuadtreeNode {
    /// The mean position of the cells below the node.
    var centerX: Double
    var centerY: Double
    /// The number of cells below the node; every cell carries the same charge.
    var charge: Double
    /// The second moments of the cells' positions about the centre of charge, for the quadrupole term.
    var momentXX: Double
    var momentXY: Double
    var momentYY: Double
    /// The square the node covers.
    var minX: Double
    var minY: Double
    var size: Double
    /// The node's cells are `points[start..<end]`.
    var start: Int32
    var end: Int32
    /// The first of four consecutive children, or -1 for a leaf.
    var firstChild: Int32

    var isLeaf: Bool { firstChild < 0 }

    /// Pushes the node's four children onto a walk's stack of nodes, the first child on top.
    @inline(__always)
    func pushChildren(onto stack: UnsafeMutablePointer<Int32>, depth: inout Int) {
        stack[depth] = firstChild + 3
        stack[depth + 1] = firstChild + 2
        stack[depth + 2] = firstChild + 1
        stack[depth + 3] = firstChild
        depth += 4
    }
}

extension QuadtreeNode {
    /// A node of `square` (its corner and side) over `points[start..<end]`, with no charge until
    /// ``Quadtree/computeMoments()`` sums its cells.
    init(square: (minX: Double, minY: Double, size: Double), start: Int32, end: Int32, firstChild: Int32) {
        (centerX, centerY, charge, momentXX, momentXY, momentYY) = (0, 0, 0, 0, 0, 0)
        (minX, minY, size) = square
        (self.start, self.end, self.firstChild) = (start, end, firstChild)
    }
}

/// A cell's position copied into tree order, with the index of the cell it came from.
struct TreePoint {
    var x: Double
    var y: Double
    var index: Int32
}

/// A subtree whose leaves share one walk from the root (``GroupInteractions``): the node, and its
/// leaves, `leaves[firstLeaf..<endLeaf]`.
struct QuadtreeGroup {
    var node: Int32
    var firstLeaf: Int32
    var endLeaf: Int32
}

/// A region quadtree over the cells for the Barnes-Hut repulsion, built anew when cells have drifted far
/// from it and otherwise kept (``refresh(cells:)``).
///
/// The build partitions a copy of the positions in place, so cells that are close in space end up close
/// in memory, and the nodes live in one reused buffer: once warm, a rebuild allocates nothing.
final class Quadtree {
    /// Below this many halvings a square stops splitting, so coincident cells share a leaf.
    static let maximumDepth = 48
    /// Nor does a square this small split: cells closer than this share a leaf and push each other pair by
    /// pair, with distances clamped, as exact sums do. Every far node is then at least this size and
    /// `size / theta` away, so the single-precision far terms stay finite (a hundred cells thrown on one
    /// point, 1e-7 px apart after the first step, overflowed them into NaN).
    static let smallestSquare = 1.0 / 64
    /// The deepest a traversal's stack of pending nodes can grow.
    static let stackCapacity = 3 * maximumDepth + 8

    let nodes = ScratchBuffer<QuadtreeNode>()
    @exclusivity(unchecked) private(set) var nodeCount = 0
    let points = ScratchBuffer<TreePoint>()
    @exclusivity(unchecked) private(set) var pointCount = 0
    /// The positions of `points`, as separate arrays for tight loops.
    let pointX = ScratchBuffer<Double>()
    let pointY = ScratchBuffer<Double>()
    /// The non-empty leaves, in tree order.
    let leaves = ScratchBuffer<Int32>()
    @exclusivity(unchecked) private(set) var leafCount = 0
    @exclusivity(unchecked) private var leafCapacity = 8
    /// The groups, in tree order: the largest subtrees of at most `groupCapacity` cells (or single
    /// leaves); every non-empty leaf is in one.
    let groups = ScratchBuffer<QuadtreeGroup>()
    @exclusivity(unchecked) private(set) var groupCount = 0
    @exclusivity(unchecked) private var groupCapacity = 32
    /// Counts the builds and the reorderings of the cells (``storeInTreeOrder(cells:)``): what was made
    /// for one tree (the grid of the move limits) names it by this.
    @exclusivity(unchecked) var generation = 0

    /// The tree as the parallel walks of the repulsion read it; none of them writes it.
    struct View {
        let nodes: DisjointBuffer<QuadtreeNode>
        let points: DisjointBuffer<TreePoint>
        let pointX: DisjointBuffer<Double>
        let pointY: DisjointBuffer<Double>
        let leaves: DisjointBuffer<Int32>
        let groups: DisjointBuffer<QuadtreeGroup>
    }

    /// The tree as it is now, for the walks; valid until it is built again.
    var view: View {
        View(
            nodes: nodes.shared, points: points.shared, pointX: pointX.shared, pointY: pointY.shared,
            leaves: leaves.shared, groups: groups.shared)
    }

    /// Rebuilds the tree over the cells' current positions; groups hold up to `groupCapacity` cells.
    func build(cells: CellPointers, leafCapacity: Int, groupCapacity: Int = 0) {
        self.leafCapacity = max(1, leafCapacity)
        self.groupCapacity = max(self.leafCapacity, groupCapacity)
        groupCount = 0
        generation += 1
        // Cells keep the last tree's order when their number is the same: they move little from one
        // step to the next, so the partitions below find them mostly on the right side already, and
        // their branches are predicted (in index order, half of them went wrong).
        let keepsOrder = pointCount == cells.count
        pointCount = cells.count
        points.reserve(pointCount)
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for slot in 0..<pointCount {
            let index = keepsOrder ? Int(points.pointer[slot].index) : slot
            let x = cells.x[index]
            let y = cells.y[index]
            points.pointer[slot] = TreePoint(x: x, y: y, index: Int32(index))
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
        let (originX, originY, size) = Self.alignedSquare(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        minX = originX
        minY = originY
        nodeCount = 1
        nodes.reserve(1)
        leafCount = 0
        leaves.reserve(pointCount)
        buildNode(0, start: 0, end: pointCount, minX: minX, minY: minY, size: size, depth: 0, inGroup: false)
        pointX.reserve(pointCount)
        pointY.reserve(pointCount)
        for slot in 0..<pointCount {
            pointX.pointer[slot] = points.pointer[slot].x
            pointY.pointer[slot] = points.pointer[slot].y
        }
        computeMoments()
    }

    /// A square holding the box whose side is a power of two, at least twice the box's extent, and whose
    /// corner is a multiple of half its side; its squares below are aligned to the same powers of two.
    ///
    /// Squares placed this way stay where they are while the cells move a little, so the far forces
    /// change only where a cell crosses an edge: a cloud at rest feels the same forces every step, where
    /// a box fitted to the cells would shift every square whenever an outer cell moved. (Half, not whole,
    /// multiples: no square aligned to its whole side holds a box across zero.)
    static func alignedSquare(minX: Double, minY: Double, maxX: Double, maxY: Double)
        -> (x: Double, y: Double, size: Double)
    {
        let extent = max(maxX - minX, maxY - minY)
        guard extent > 0, extent.isFinite, minX.isFinite, minY.isFinite else { return (minX, minY, 1) }
        let size = Double(sign: .plus, exponent: extent.exponent + 2, significand: 1)
        let half = size / 2
        return ((minX / half).rounded(.down) * half, (minY / half).rounded(.down) * half, size)
    }

    /// Whether a square of this size at this depth is a leaf, however many cells it holds.
    @inline(__always)
    private static func isSmallest(_ size: Double, depth: Int) -> Bool {
        depth == maximumDepth || size <= smallestSquare
    }

    /// Builds the subtree of `node`, which starts a group if it is the largest subtree small enough.
    private func buildNode(
        _ node: Int, start: Int, end: Int, minX: Double, minY: Double, size: Double, depth: Int, inGroup: Bool
    ) {
        let count = end - start
        let startsGroup = !inGroup && count > 0 && (count <= groupCapacity || Self.isSmallest(size, depth: depth))
        let group = groupCount
        if startsGroup {
            groups.reserve(group + 1, keeping: group)
            groups.pointer[group] = QuadtreeGroup(node: Int32(node), firstLeaf: Int32(leafCount), endLeaf: 0)
            groupCount += 1
        }
        buildSubtree(
            node, start: start, end: end, minX: minX, minY: minY, size: size, depth: depth,
            inGroup: inGroup || startsGroup)
        if startsGroup { groups.pointer[group].endLeaf = Int32(leafCount) }
    }

    private func buildSubtree(
        _ node: Int, start: Int, end: Int, minX: Double, minY: Double, size: Double, depth: Int, inGroup: Bool
    ) {
        if end - start <= leafCapacity || Self.isSmallest(size, depth: depth) {
            if end > start {
                leaves.pointer[leafCount] = Int32(node)
                leafCount += 1
            }
            nodes.pointer[node] = QuadtreeNode(
                square: (minX, minY, size), start: Int32(start), end: Int32(end), firstChild: -1)
            return
        }
        let half = size / 2
        let midX = minX + half
        let midY = minY + half
        let bottom = partition(start, end) { $0.y < midY }
        let topRight = partition(start, bottom) { $0.x < midX }
        let bottomRight = partition(bottom, end) { $0.x < midX }
        let first = nodeCount
        nodeCount += 4
        nodes.reserve(nodeCount, keeping: first)
        let next = depth + 1
        buildNode(
            first, start: start, end: topRight, minX: minX, minY: minY, size: half, depth: next, inGroup: inGroup)
        buildNode(
            first + 1, start: topRight, end: bottom, minX: midX, minY: minY, size: half, depth: next,
            inGroup: inGroup)
        buildNode(
            first + 2, start: bottom, end: bottomRight, minX: minX, minY: midY, size: half, depth: next,
            inGroup: inGroup)
        buildNode(
            first + 3, start: bottomRight, end: end, minX: midX, minY: midY, size: half, depth: next,
            inGroup: inGroup)
        nodes.pointer[node] = QuadtreeNode(
            square: (minX, minY, size), start: Int32(start), end: Int32(end), firstChild: Int32(first))
    }

    /// Moves the points of `start..<end` that satisfy `isFirst` to the front; returns where the rest begin.
    @inline(__always)
    private func partition(_ start: Int, _ end: Int, _ isFirst: (TreePoint) -> Bool) -> Int {
        let point = points.pointer
        var low = start
        var high = end - 1
        while true {
            while low <= high && isFirst(point[low]) { low += 1 }
            while low <= high && !isFirst(point[high]) { high -= 1 }
            if low >= high { return low }
            point.swapAt(low, high)
            low += 1
            high -= 1
        }
    }
}

extension UnsafeMutablePointer {
    @inline(__always)
    fileprivate func swapAt(_ first: Int, _ second: Int) {
        let value = self[first]
        self[first] = self[second]
        self[second] = value
    }
}
