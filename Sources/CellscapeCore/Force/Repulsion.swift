/// The inverse-square repulsion between cells: F = Q^3 / r^2, along the unit vector from the other cell.
///
/// `exactForce` sums every pair in index order, O(n^2). `barnesHutForces` serves one quadtree leaf at a
/// time from its ``InteractionList``: a node of side s whose centre of charge is at distance d from the
/// leaf acts as one charge, with its quadrupole moment, when s / d < theta; O(n log n).
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
    func pairForce(dx: Double, dy: Double, id: Int, otherID: Int) -> RepulsionSum {
        let squaredDistance = dx * dx + dy * dy
        if squaredDistance == 0 { return coincidentForce(id: id, otherID: otherID) }
        let distance = squaredDistance.squareRoot()
        let clamped = max(distance, minimumDistance)
        let scale = strength / (clamped * clamped) / distance
        return RepulsionSum(x: dx * scale, y: dy * scale, stiffness: 2 * scale)
    }

    /// The force between two cells at the same point: the clamped magnitude, along a seeded direction.
    func coincidentForce(id: Int, otherID: Int) -> RepulsionSum {
        let direction = jitter.direction(from: otherID, to: id)
        let magnitude = strength / (minimumDistance * minimumDistance)
        return RepulsionSum(
            x: direction.x * magnitude, y: direction.y * magnitude, stiffness: 2 * magnitude / minimumDistance)
    }

    /// The repulsion on cell `index` from every other cell, summed in index order.
    func exactForce(on index: Int, cells: CellPointers) -> RepulsionSum {
        let x = cells.x[index]
        let y = cells.y[index]
        let id = cells.ids[index]
        var sum = RepulsionSum()
        for other in 0..<cells.count where other != index {
            sum += pairForce(dx: x - cells.x[other], dy: y - cells.y[other], id: id, otherID: cells.ids[other])
        }
        return sum
    }

    /// The Barnes-Hut repulsion on the cell at `slot` of the tree, from the list collected for its leaf.
    @inline(__always)
    func barnesHutForce(onSlot slot: Int, list: InteractionList, tree: Quadtree, ids: UnsafeMutablePointer<Int>)
        -> RepulsionSum
    {
        let x = tree.pointX.pointer[slot]
        let y = tree.pointY.pointer[slot]
        var sum = farForce(x: x, y: y, list: list)
        var coincident = 0
        let cellX = list.cellX.pointer
        let cellY = list.cellY.pointer
        var forceX = 0.0
        var forceY = 0.0
        var stiffness = 0.0
        for other in 0..<list.cellCount {
            let dx = x - cellX[other]
            let dy = y - cellY[other]
            let squaredDistance = dx * dx + dy * dy
            let distance = squaredDistance.squareRoot()
            let clamped = max(distance, minimumDistance)
            let scale = squaredDistance > 0 ? strength / (clamped * clamped * distance) : 0
            coincident += squaredDistance > 0 ? 0 : 1
            forceX += dx * scale
            forceY += dy * scale
            stiffness += scale
        }
        sum += RepulsionSum(x: forceX, y: forceY, stiffness: 2 * stiffness)
        if coincident > 1 {
            let id = ids[Int(tree.points.pointer[slot].index)]
            for other in 0..<list.cellCount where cellX[other] == x && cellY[other] == y {
                let otherSlot = Int(list.cellSlot.pointer[other])
                guard otherSlot != slot else { continue }
                sum += coincidentForce(id: id, otherID: ids[Int(tree.points.pointer[otherSlot].index)])
            }
        }
        return sum
    }

    /// The force of the list's far nodes: the monopole and quadrupole terms of the expansion of the 1/r
    /// potential about each centre of charge (the dipole term vanishes there).
    @inline(__always)
    private func farForce(x: Double, y: Double, list: InteractionList) -> RepulsionSum {
        var forceX = 0.0
        var forceY = 0.0
        var stiffness = 0.0
        for node in 0..<list.nodeCount {
            let dx = x - list.nodeX.pointer[node]
            let dy = y - list.nodeY.pointer[node]
            let momentXX = list.nodeXX.pointer[node]
            let momentXY = list.nodeXY.pointer[node]
            let momentYY = list.nodeYY.pointer[node]
            let inverseSquare = 1 / (dx * dx + dy * dy)
            let inverseCube = inverseSquare * inverseSquare.squareRoot()
            let inverseFifth = inverseCube * inverseSquare
            let pushX = momentXX * dx + momentXY * dy
            let pushY = momentXY * dx + momentYY * dy
            let radial = 7.5 * (dx * pushX + dy * pushY) * inverseSquare - 1.5 * (momentXX + momentYY)
            let charge = list.nodeCharge.pointer[node]
            forceX += charge * dx * inverseCube + inverseFifth * (radial * dx - 3 * pushX)
            forceY += charge * dy * inverseCube + inverseFifth * (radial * dy - 3 * pushY)
            stiffness += charge * inverseCube
        }
        return RepulsionSum(x: strength * forceX, y: strength * forceY, stiffness: 2 * strength * stiffness)
    }
}

/// A repulsion summed over other cells: the force, and the stiffness: the sum of 2 Q^3 / r^3, how fast
/// the force grows as the cell moves towards the others; the damped step shortens stiff cells' moves.
struct RepulsionSum {
    var x = 0.0
    var y = 0.0
    var stiffness = 0.0

    @inline(__always)
    static func += (sum: inout RepulsionSum, other: RepulsionSum) {
        sum.x += other.x
        sum.y += other.y
        sum.stiffness += other.stiffness
    }
}
