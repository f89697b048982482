import Testing

@testable import CellscapeCore

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
        let sources = ExpansionSources()
        var reference = LocalExpansion()
        var scale = [Double](repeating: 0, count: 15)
        for _ in 0..<count {
            let (dx, dy, node) = Self.randomNode(&random)
            sources.append(dx: dx, dy: dy, node: node)
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
