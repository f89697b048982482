import Testing

@testable import CellscapeLayout

/// The local expansion's fast path, four nodes at a time in single precision, against the double
/// precision sum node by node.
@Suite struct LocalExpansionTests {
    static func coefficients(_ expansion: LocalExpansion) -> [Double] {
        [
            expansion.forceX, expansion.forceY, expansion.stiffness, expansion.xx, expansion.xy, expansion.yy,
            expansion.xxx, expansion.xxy, expansion.xyy, expansion.yyy, expansion.xxxx, expansion.xxxy,
            expansion.xxyy, expansion.xyyy, expansion.yyyy,
        ]
    }

    static func randomNode(_ random: inout SplitMix64) -> (dx: Double, dy: Double, node: QuadtreeNode) {
        let charge = (1 + random.nextUnit() * 400).rounded()
        let size = 20 + random.nextUnit() * 300
        let spread = charge * size * size / 12
        let node = QuadtreeNode(
            centerX: 0, centerY: 0, charge: charge, momentXX: spread * (0.5 + random.nextUnit()),
            momentXY: spread * (random.nextUnit() - 0.5), momentYY: spread * (0.5 + random.nextUnit()),
            minX: 0, minY: 0, size: size, start: 0, end: 0, firstChild: 0)
        let distance = size * 2 + random.nextUnit() * 2_000
        let direction = Vector(dx: random.nextUnit() - 0.5, dy: random.nextUnit() - 0.5)
        let scale = distance / direction.squaredLength.squareRoot()
        return (direction.dx * scale, direction.dy * scale, node)
    }

    @Test(arguments: [1, 2, 37, 200])
    func gatheredNodesAddUpToTheNodeByNodeSum(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        let sources = NodeLanes()
        var reference = LocalExpansion()
        var scale = [Double](repeating: 0, count: 15)
        for _ in 0..<count {
            let (dx, dy, node) = Self.randomNode(&random)
            sources.append(x: dx, y: dy, node: node)
            reference.add(dx: dx, dy: dy, node: node)
            var alone = LocalExpansion()
            alone.add(dx: dx, dy: dy, node: node)
            for (index, value) in Self.coefficients(alone).enumerated() { scale[index] += abs(value) }
        }
        let fast = Self.coefficients(sources.expansion())
        for (index, expected) in Self.coefficients(reference).enumerated() {
            #expect(abs(fast[index] - expected) <= 1e-5 * scale[index], "coefficient \(index)")
        }
        // Gathering again starts from nothing.
        sources.removeAll()
        #expect(Self.coefficients(sources.expansion()).allSatisfy { $0 == 0 })
    }
}

extension LocalExpansion {
    /// Adds a node's field, in double precision; (`dx`, `dy`) is the expansion's centre minus the
    /// node's centre of charge. The same terms as ``NodeLanes/expansion()``, one node at a time.
    mutating func add(dx: Double, dy: Double, node: QuadtreeNode) {
        let inverseSquare = 1 / (dx * dx + dy * dy)
        let inverseCube = inverseSquare * inverseSquare.squareRoot()
        let inverseFifth = inverseCube * inverseSquare
        let inverseSeventh = inverseFifth * inverseSquare
        let charge = node.charge
        let pushX = node.momentXX * dx + node.momentXY * dy
        let pushY = node.momentXY * dx + node.momentYY * dy
        let along = dx * pushX + dy * pushY
        let trace = node.momentXX + node.momentYY
        let radial = 7.5 * along * inverseSquare - 1.5 * trace
        forceX += charge * dx * inverseCube + inverseFifth * (radial * dx - 3 * pushX)
        forceY += charge * dy * inverseCube + inverseFifth * (radial * dy - 3 * pushY)
        stiffness += charge * inverseCube
        let fifth = 3 * charge * inverseFifth
        let seventh = 15 * charge * inverseSeventh
        // The Jacobian of the monopole, then of the quadrupole term (its part along D D^T, its isotropic
        // part, and the moments themselves).
        let outer = 7.5 * trace * inverseSeventh - 52.5 * along * inverseSeventh * inverseSquare
        let isotropic = 7.5 * along * inverseSeventh - 1.5 * trace * inverseFifth
        let mixed = 15 * inverseSeventh
        xx +=
            charge * inverseCube - fifth * dx * dx
            + outer * dx * dx + isotropic + 2 * mixed * pushX * dx - 3 * inverseFifth * node.momentXX
        xy +=
            -fifth * dx * dy
            + outer * dx * dy + mixed * (pushY * dx + pushX * dy) - 3 * inverseFifth * node.momentXY
        yy +=
            charge * inverseCube - fifth * dy * dy
            + outer * dy * dy + isotropic + 2 * mixed * pushY * dy - 3 * inverseFifth * node.momentYY
        xxx += dx * (seventh * dx * dx - 3 * fifth)
        xxy += dy * (seventh * dx * dx - fifth)
        xyy += dx * (seventh * dy * dy - fifth)
        yyy += dy * (seventh * dy * dy - 3 * fifth)
        let ninth = 105 * charge * inverseSeventh * inverseSquare
        let squaredX = dx * dx
        let squaredY = dy * dy
        xxxx -= ninth * squaredX * squaredX - 6 * seventh * squaredX + 3 * fifth
        xxxy -= dx * dy * (ninth * squaredX - 3 * seventh)
        xxyy -= ninth * squaredX * squaredY - 4 * fifth
        xyyy -= dx * dy * (ninth * squaredY - 3 * seventh)
        yyyy -= ninth * squaredY * squaredY - 6 * seventh * squaredY + 3 * fifth
    }
}
