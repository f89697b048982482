/// The inverse-square repulsion between cells: F = Q^3 / r^2, along the unit vector from the other cell.
///
/// `exactForce` sums every pair in index order, O(n^2). `barnesHutForce` serves one quadtree leaf at a
/// time from its ``InteractionList``: a node of side s whose centre of charge is at distance d from the
/// leaf acts as one charge, with its quadrupole moment, when s / d < theta; O(n log n). Nodes far from
/// the whole leaf reach its cells through the leaf's ``LocalExpansion``.
struct Repulsion {
    /// Q^3.
    var strength: Double
    /// Distances below this count as this.
    var minimumDistance: Double
    /// Decides the direction for coincident cells.
    var jitter: PairJitter

    init(settings: ForceSettings, jitter: PairJitter) {
        strength = settings.charge * settings.charge * settings.charge
        minimumDistance = settings.minimumDistance
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
    /// The loops take four interactions at a time in single precision (`SIMD4<Float>`, so square roots
    /// and divisions run four at once) and add the lanes at the end: the order of the sums is fixed,
    /// whatever the thread count. Near cells closer than the minimum distance (the cell itself, and
    /// rarely another) are left out of the loop and added after it, one by one.
    @inline(__always)
    func barnesHutForce(onSlot slot: Int, list: InteractionList, tree: Quadtree.View, ids: DisjointBuffer<Int>)
        -> RepulsionSum
    {
        let offsetX = tree.pointX[slot] - list.originX
        let offsetY = tree.pointY[slot] - list.originY
        let x = Float(offsetX)
        let y = Float(offsetY)
        let local = list.local.force(x: offsetX, y: offsetY)
        var sum = RepulsionSum(
            x: strength * local.x, y: strength * local.y, stiffness: 2 * strength * list.local.stiffness)
        sum += farForce(x: x, y: y, list: list)
        let near = nearForce(x: x, y: y, list: list)
        sum += near.sum
        if near.tooClose > 1 { sum += tooCloseForce(x: x, y: y, slot: slot, list: list, tree: tree, ids: ids) }
        return sum
    }

    /// The repulsion of the list's cells closer to (x, y) than the minimum distance, the cell at `slot`
    /// itself excepted, pair by pair as ``pairForce(dx:dy:id:otherID:)`` clamps it.
    private func tooCloseForce(
        x: Float, y: Float, slot: Int, list: InteractionList, tree: Quadtree.View, ids: DisjointBuffer<Int>
    ) -> RepulsionSum {
        let smallestSquare = Float(minimumDistance * minimumDistance)
        let id = ids[Int(tree.points[slot].index)]
        var sum = RepulsionSum()
        list.forEachNearCell { other, otherSlot in
            let dx = x - list.cellX.pointer[other]
            let dy = y - list.cellY.pointer[other]
            guard dx * dx + dy * dy < smallestSquare, otherSlot != slot else { return }
            let otherID = ids[Int(tree.points[otherSlot].index)]
            sum += pairForce(dx: Double(dx), dy: Double(dy), id: id, otherID: otherID)
        }
        return sum
    }

    /// The repulsion of the list's cells at the minimum distance from (x, y) or farther, pair by pair,
    /// and how many are closer (the cell itself among them); those contribute nothing here.
    @inline(__always)
    private func nearForce(x: Float, y: Float, list: InteractionList) -> (sum: RepulsionSum, tooClose: Int) {
        let cellX = UnsafeRawPointer(list.cellX.pointer)
        let cellY = UnsafeRawPointer(list.cellY.pointer)
        let cellCharge = UnsafeRawPointer(list.cellCharge.pointer)
        let pointX = SIMD4(repeating: x)
        let pointY = SIMD4(repeating: y)
        let smallestSquare = SIMD4(repeating: Float(minimumDistance * minimumDistance)).bits
        let charge = SIMD4(repeating: Float(strength))
        var forceX = SIMD4<Float>.zero
        var forceY = SIMD4<Float>.zero
        var stiffness = SIMD4<Float>.zero
        var tooCloseCount = SIMD4<Int32>.zero
        for offset in stride(from: 0, to: list.cellCount * 4, by: 16) {
            let dx = pointX - cellX.lanes(offset)
            // Minus the y offset: written as the x offset is, LLVM's SLP vectorizer pairs the lanes of
            // the two and fills the loop with shuffles. a - b is exactly -(b - a).
            let negativeDY = cellY.lanes(offset) - pointY
            let weight = cellCharge.lanes(offset)
            let squaredDistance = dx * dx + negativeDY * negativeDY
            // A mask from the bits (all ones where true), as the generic SIMD comparisons and selects
            // compile to scalar code here: non-negative floats order as their bits.
            let tooClose = (squaredDistance.bits &- smallestSquare) &>> 31
            let pull = weight * charge / (squaredDistance * squaredDistance.squareRoot())
            let scale = SIMD4<Float>(bits: pull.bits & ~tooClose)
            tooCloseCount &-= tooClose
            forceX += dx * scale
            forceY -= negativeDY * scale
            stiffness += scale
        }
        let sum = RepulsionSum(
            x: Double(forceX.laneSum), y: Double(forceY.laneSum), stiffness: 2 * Double(stiffness.laneSum))
        return (sum, Int(tooCloseCount[0] &+ tooCloseCount[1] &+ tooCloseCount[2] &+ tooCloseCount[3]))
    }

    /// The force of the list's far nodes: the monopole and quadrupole terms of the expansion of the 1/r
    /// potential about each centre of charge (the dipole term vanishes there).
    ///
    /// Each node's term is written down first, one node per iteration and no sum carried from one to
    /// the next, which LLVM's loop vectorizer takes four at a time (written with Swift's SIMD types,
    /// the SLP vectorizer paired the lanes of x and y instead); the terms are then added in four lanes,
    /// as the near loop adds.
    @inline(__always)
    private func farForce(x: Float, y: Float, list: InteractionList) -> RepulsionSum {
        let far = list.far
        let count = far.count
        let nodeX = far.x.pointer
        let nodeY = far.y.pointer
        let nodeXX = far.momentXX.pointer
        let nodeXY = far.momentXY.pointer
        let nodeYY = far.momentYY.pointer
        let nodeCharge = far.charge.pointer
        let termX = list.farTerms.x.pointer
        let termY = list.farTerms.y.pointer
        let termStiffness = list.farTerms.stiffness.pointer
        for node in 0..<count {
            let dx = x - nodeX[node]
            let dy = y - nodeY[node]
            let momentXX = nodeXX[node]
            let momentXY = nodeXY[node]
            let momentYY = nodeYY[node]
            let charge = nodeCharge[node]
            let inverseSquare = 1 / (dx * dx + dy * dy)
            let inverseCube = inverseSquare * inverseSquare.squareRoot()
            let inverseFifth = inverseCube * inverseSquare
            let pushX = momentXX * dx + momentXY * dy
            let pushY = momentXY * dx + momentYY * dy
            let radial = 7.5 * (dx * pushX + dy * pushY) * inverseSquare - 1.5 * (momentXX + momentYY)
            termX[node] = charge * dx * inverseCube + inverseFifth * (radial * dx - 3 * pushX)
            termY[node] = charge * dy * inverseCube + inverseFifth * (radial * dy - 3 * pushY)
            termStiffness[node] = charge * inverseCube
        }
        var forceX = SIMD4<Float>.zero
        var forceY = SIMD4<Float>.zero
        var stiffness = SIMD4<Float>.zero
        for offset in stride(from: 0, to: count * 4, by: 16) {
            forceX += UnsafeRawPointer(termX).lanes(offset)
            forceY += UnsafeRawPointer(termY).lanes(offset)
            stiffness += UnsafeRawPointer(termStiffness).lanes(offset)
        }
        return RepulsionSum(
            x: strength * Double(forceX.laneSum), y: strength * Double(forceY.laneSum),
            stiffness: 2 * strength * Double(stiffness.laneSum))
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
