/// The inverse-square repulsion between cells: F = Q^3 / r^2, along the unit vector from the other cell.
///
/// `exactForce` sums every pair in index order, O(n^2). `barnesHutForce` walks a ``Quadtree`` and lets a
/// node of side s at distance d stand for all its cells when s / d < theta, O(n log n).
struct Repulsion {
    /// Q^3.
    var strength: Double
    /// Distances below this count as this.
    var minimumDistance: Double
    /// The Barnes-Hut opening angle; 0 means exact.
    var theta: Double
    /// Decides the direction for coincident cells.
    var jitter: PairJitter

    init(settings: ForceSettings, jitter: PairJitter) {
        strength = settings.charge * settings.charge * settings.charge
        minimumDistance = settings.minimumDistance
        theta = settings.theta
        self.jitter = jitter
    }

    /// The force on a cell from one other cell, `(dx, dy)` being the cell's position minus the other's.
    @inline(__always)
    func pairForce(dx: Double, dy: Double, id: Int, otherID: Int) -> (x: Double, y: Double) {
        let squaredDistance = dx * dx + dy * dy
        if squaredDistance == 0 {
            let direction = jitter.direction(from: otherID, to: id)
            let magnitude = strength / (minimumDistance * minimumDistance)
            return (direction.x * magnitude, direction.y * magnitude)
        }
        let distance = squaredDistance.squareRoot()
        let clamped = max(distance, minimumDistance)
        let scale = strength / (clamped * clamped) / distance
        return (dx * scale, dy * scale)
    }

    /// The repulsion on cell `index` from every other cell, summed in index order.
    func exactForce(on index: Int, cells: CellPointers) -> (x: Double, y: Double) {
        let x = cells.x[index]
        let y = cells.y[index]
        let id = cells.ids[index]
        var forceX = 0.0
        var forceY = 0.0
        for other in 0..<cells.count where other != index {
            let force = pairForce(
                dx: x - cells.x[other], dy: y - cells.y[other], id: id, otherID: cells.ids[other])
            forceX += force.x
            forceY += force.y
        }
        return (forceX, forceY)
    }

    /// The Barnes-Hut repulsion on the cell at `slot` of the tree's points.
    ///
    /// `stack` needs room for ``Quadtree/stackCapacity`` node numbers.
    func barnesHutForce(
        onSlot slot: Int, tree: Quadtree, ids: UnsafeMutablePointer<Int>,
        stack: UnsafeMutablePointer<Int32>
    ) -> (x: Double, y: Double) {
        let nodes = tree.nodes.pointer
        let points = tree.points.pointer
        let point = points[slot]
        let id = ids[Int(point.index)]
        let thetaSquared = theta * theta
        var forceX = 0.0
        var forceY = 0.0
        var depth = 1
        stack[0] = 0
        while depth > 0 {
            depth -= 1
            let node = nodes[Int(stack[depth])]
            if node.charge == 0 { continue }
            let dx = point.x - node.centerX
            let dy = point.y - node.centerY
            let squaredDistance = dx * dx + dy * dy
            if node.size * node.size < thetaSquared * squaredDistance
                && !node.contains(x: point.x, y: point.y)
            {
                let distance = squaredDistance.squareRoot()
                let scale = node.charge * strength / (squaredDistance * distance)
                forceX += dx * scale
                forceY += dy * scale
            } else if node.isLeaf {
                for other in Int(node.start)..<Int(node.end) where other != slot {
                    let otherPoint = points[other]
                    let force = pairForce(
                        dx: point.x - otherPoint.x, dy: point.y - otherPoint.y, id: id,
                        otherID: ids[Int(otherPoint.index)])
                    forceX += force.x
                    forceY += force.y
                }
            } else {
                let first = node.firstChild
                stack[depth] = first + 3
                stack[depth + 1] = first + 2
                stack[depth + 2] = first + 1
                stack[depth + 3] = first
                depth += 4
            }
        }
        return (forceX, forceY)
    }
}
