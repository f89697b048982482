/// The repulsion of quadtree nodes far from a whole leaf (or group of leaves), as a Taylor expansion about
/// its centre: the force there (with each node's quadrupole term) and its first three derivatives.
///
/// Summed once per leaf (``NodeLanes/expansion()``), then evaluated for each of its cells in a few
/// multiplications, in place of one interaction per node and cell. A node enters it only when the leaf
/// is small beside the distance (``accepts(size:leafRadius:squaredDistance:theta:)``), which bounds the
/// truncation error: the fourth order term is about (leaf radius / distance)^4 of the node's force. The
/// first derivatives include the quadrupole term; the higher ones use the monopole only. Charges are
/// counts of cells: multiply by Q^3.
struct LocalExpansion {
    var forceX = 0.0
    var forceY = 0.0
    /// The sum of charge / r^3 at the centre, for the damped step's stiffness.
    var stiffness = 0.0
    /// The Jacobian of the force: d(force x)/dx, d(force x)/dy = d(force y)/dx, d(force y)/dy.
    var xx = 0.0
    var xy = 0.0
    var yy = 0.0
    /// The second derivatives of the force, symmetric in all three indices: d2(force x)/dx2 and so on.
    var xxx = 0.0
    var xxy = 0.0
    var xyy = 0.0
    var yyy = 0.0
    /// The third derivatives of the force, symmetric in all four indices.
    var xxxx = 0.0
    var xxxy = 0.0
    var xxyy = 0.0
    var xyyy = 0.0
    var yyyy = 0.0

    /// How much the leaf's radius weighs against the node's side in
    /// ``accepts(size:leafRadius:squaredDistance:theta:)``: at 1, the leaf's radius stays below theta
    /// times the distance, which keeps the error within 1% at theta 0.7 (docs/performance.md).
    static let leafWeight = 1.0

    /// Whether a node of side `size` at squared distance `squaredDistance` from the leaf's centre may
    /// enter the expansion of a leaf whose cells lie within `leafRadius` of its centre.
    @inline(__always)
    static func accepts(size: Double, leafRadius: Double, squaredDistance: Double, theta: Double) -> Bool {
        let reach = size + leafWeight * leafRadius
        return reach * reach < theta * theta * squaredDistance
    }

    /// Adds the field of other nodes, expanded about the same centre.
    static func += (expansion: inout LocalExpansion, other: LocalExpansion) {
        expansion.forceX += other.forceX
        expansion.forceY += other.forceY
        expansion.stiffness += other.stiffness
        expansion.xx += other.xx
        expansion.xy += other.xy
        expansion.yy += other.yy
        expansion.xxx += other.xxx
        expansion.xxy += other.xxy
        expansion.xyy += other.xyy
        expansion.yyy += other.yyy
        expansion.xxxx += other.xxxx
        expansion.xxxy += other.xxxy
        expansion.xxyy += other.xxyy
        expansion.xyyy += other.xyyy
        expansion.yyyy += other.yyyy
    }

    /// The same field about a centre moved by (`x`, `y`): the same polynomial, its terms re-gathered.
    func moved(byX x: Double, y: Double) -> LocalExpansion {
        var moved = self
        (moved.forceX, moved.forceY) = force(x: x, y: y)
        let halfXX = 0.5 * x * x
        let halfYY = 0.5 * y * y
        let crossed = x * y
        moved.xx = xx + xxx * x + xxy * y + xxxx * halfXX + xxxy * crossed + xxyy * halfYY
        moved.xy = xy + xxy * x + xyy * y + xxxy * halfXX + xxyy * crossed + xyyy * halfYY
        moved.yy = yy + xyy * x + yyy * y + xxyy * halfXX + xyyy * crossed + yyyy * halfYY
        moved.xxx = xxx + xxxx * x + xxxy * y
        moved.xxy = xxy + xxxy * x + xxyy * y
        moved.xyy = xyy + xxyy * x + xyyy * y
        moved.yyy = yyy + xyyy * x + yyyy * y
        return moved
    }

    /// The expansion's force at (`x`, `y`) from the leaf's centre.
    @inline(__always)
    func force(x: Double, y: Double) -> (x: Double, y: Double) {
        let halfXX = 0.5 * x * x
        let halfYY = 0.5 * y * y
        let crossed = x * y
        // The third-order terms: a sixth of x^3, 3 x^2 y, 3 x y^2 and y^3.
        let cubeX = halfXX * x / 3
        let cubeY = halfYY * y / 3
        let squaredXY = halfXX * y
        let squaredYX = halfYY * x
        return (
            forceX + xx * x + xy * y + xxx * halfXX + xxy * crossed + xyy * halfYY
                + xxxx * cubeX + xxxy * squaredXY + xxyy * squaredYX + xyyy * cubeY,
            forceY + xy * x + yy * y + xxy * halfXX + xyy * crossed + yyy * halfYY
                + xxxy * cubeX + xxyy * squaredXY + xyyy * squaredYX + yyyy * cubeY
        )
    }
}
