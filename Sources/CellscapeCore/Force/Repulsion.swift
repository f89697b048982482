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
    ///
    /// The loops take two interactions at a time (`SIMD2`, so square roots and divisions run in pairs)
    /// and add the two lanes at the end: the order of the sums is fixed, whatever the thread count.
    @inline(__always)
    func barnesHutForce(onSlot slot: Int, list: InteractionList, tree: Quadtree, ids: UnsafeMutablePointer<Int>)
        -> RepulsionSum
    {
        let x = tree.pointX.pointer[slot]
        let y = tree.pointY.pointer[slot]
        var sum = farForce(x: x, y: y, list: list)
        let near = nearForce(x: x, y: y, list: list)
        sum += near.sum
        if near.coincident > 1 {
            let id = ids[Int(tree.points.pointer[slot].index)]
            let cellX = list.cellX.pointer
            let cellY = list.cellY.pointer
            for other in 0..<list.cellCount where cellX[other] == x && cellY[other] == y {
                let otherSlot = Int(list.cellSlot.pointer[other])
                guard otherSlot != slot else { continue }
                sum += coincidentForce(id: id, otherID: ids[Int(tree.points.pointer[otherSlot].index)])
            }
        }
        return sum
    }

    /// The repulsion of the list's cells, pair by pair, and how many of them sit exactly at (x, y) (the
    /// cell itself among them); those contribute nothing here.
    @inline(__always)
    private func nearForce(x: Double, y: Double, list: InteractionList) -> (sum: RepulsionSum, coincident: Int) {
        let cellX = list.cellX.pointer
        let cellY = list.cellY.pointer
        let count = list.cellCount
        let pointX = SIMD2(repeating: x)
        let pointY = SIMD2(repeating: y)
        let smallest = SIMD2(repeating: minimumDistance)
        let charge = SIMD2(repeating: strength)
        var forceX = SIMD2<Double>.zero
        var forceY = SIMD2<Double>.zero
        var stiffness = SIMD2<Double>.zero
        var coincident = 0
        var other = 0
        while other + 1 < count {
            let dx = pointX - SIMD2(cellX[other], cellX[other + 1])
            let dy = pointY - SIMD2(cellY[other], cellY[other + 1])
            let squaredDistance = dx * dx + dy * dy
            let distance = squaredDistance.squareRoot()
            let clamped = pointwiseMax(distance, smallest)
            let atPoint = squaredDistance .== 0
            let scale = (charge / (clamped * clamped * distance)).replacing(with: 0, where: atPoint)
            coincident += (atPoint[0] ? 1 : 0) + (atPoint[1] ? 1 : 0)
            forceX += dx * scale
            forceY += dy * scale
            stiffness += scale
            other += 2
        }
        var sum = RepulsionSum(
            x: forceX[0] + forceX[1], y: forceY[0] + forceY[1], stiffness: 2 * (stiffness[0] + stiffness[1]))
        if other < count {
            let dx = x - cellX[other]
            let dy = y - cellY[other]
            let squaredDistance = dx * dx + dy * dy
            if squaredDistance == 0 {
                coincident += 1
            } else {
                sum += pairForce(dx: dx, dy: dy, id: 0, otherID: 0)
            }
        }
        return (sum, coincident)
    }

    /// The force of the list's far nodes: the monopole and quadrupole terms of the expansion of the 1/r
    /// potential about each centre of charge (the dipole term vanishes there).
    @inline(__always)
    private func farForce(x: Double, y: Double, list: InteractionList) -> RepulsionSum {
        let nodeX = list.nodeX.pointer
        let nodeY = list.nodeY.pointer
        let nodeXX = list.nodeXX.pointer
        let nodeXY = list.nodeXY.pointer
        let nodeYY = list.nodeYY.pointer
        let nodeCharge = list.nodeCharge.pointer
        let count = list.nodeCount
        let pointX = SIMD2(repeating: x)
        let pointY = SIMD2(repeating: y)
        var forceX = SIMD2<Double>.zero
        var forceY = SIMD2<Double>.zero
        var stiffness = SIMD2<Double>.zero
        var node = 0
        while node < count {
            // An odd last node is paired with a node of no charge and no moments, far away.
            let last = node + 1 == count
            let second = last ? node : node + 1
            let weight = SIMD2<Double>(1, last ? 0 : 1)
            let dx = pointX - SIMD2(nodeX[node], last ? x + 1 : nodeX[second])
            let dy = pointY - SIMD2(nodeY[node], nodeY[second])
            let momentXX = SIMD2(nodeXX[node], nodeXX[second]) * weight
            let momentXY = SIMD2(nodeXY[node], nodeXY[second]) * weight
            let momentYY = SIMD2(nodeYY[node], nodeYY[second]) * weight
            let charge = SIMD2(nodeCharge[node], nodeCharge[second]) * weight
            let inverseSquare = 1 / (dx * dx + dy * dy)
            let inverseCube = inverseSquare * inverseSquare.squareRoot()
            let inverseFifth = inverseCube * inverseSquare
            let pushX = momentXX * dx + momentXY * dy
            let pushY = momentXY * dx + momentYY * dy
            let radial = 7.5 * (dx * pushX + dy * pushY) * inverseSquare - 1.5 * (momentXX + momentYY)
            forceX += charge * dx * inverseCube + inverseFifth * (radial * dx - 3 * pushX)
            forceY += charge * dy * inverseCube + inverseFifth * (radial * dy - 3 * pushY)
            stiffness += charge * inverseCube
            node += 2
        }
        return RepulsionSum(
            x: strength * (forceX[0] + forceX[1]), y: strength * (forceY[0] + forceY[1]),
            stiffness: 2 * strength * (stiffness[0] + stiffness[1]))
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
