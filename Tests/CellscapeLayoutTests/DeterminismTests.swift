import Testing

@testable import CellscapeLayout

@Suite struct DeterminismTests {
    static func run(threads: Int, theta: Double, seed: UInt64 = 11) -> [UInt64] {
        var settings = ForceSettings()
        settings.threads = threads
        settings.repulsion = RepulsionSummation(theta: theta)
        var layout = ForceDirectedLayout(settings: settings, seed: seed)
        for _ in 0..<1_500 { layout.addCell() }
        for _ in 0..<3 { layout.addCell(at: Point(x: 640, y: 400)) }
        for _ in 0..<25 { layout.step() }
        return layout.cells.flatMap { [$0.position.x.bitPattern, $0.position.y.bitPattern] }
    }

    @Test(arguments: [0.0, 0.7])
    func sameResultOnAnyThreadCount(theta: Double) {
        let single = Self.run(threads: 1, theta: theta)
        for threads in [2, 3, 8] {
            #expect(Self.run(threads: threads, theta: theta) == single, "threads \(threads)")
        }
    }

    @Test func sameSeedSameResultOtherSeedOtherResult() {
        #expect(Self.run(threads: 2, theta: 0.7) == Self.run(threads: 2, theta: 0.7))
        #expect(Self.run(threads: 2, theta: 0.7, seed: 12) != Self.run(threads: 2, theta: 0.7))
    }

    @Test func copiesStepIndependently() {
        var layout = ForceDirectedLayout(seed: 5)
        for _ in 0..<200 { layout.addCell() }
        var copy = layout
        layout.step()
        #expect(copy.cells != layout.cells)
        copy.step()
        #expect(copy.cells == layout.cells)
    }
}

extension DeterminismTests {
    /// A packed crowd stored in its quadtree's order, woken by a move of the centre (the shared motion
    /// sums the centroid per chunk), steps to the same bits on any thread count.
    @Test func aPackedCrowdFollowingAMovedCentreIsTheSameOnAnyThreadCount() {
        func run(threads: Int) -> [UInt64] {
            var settings = ForceSettings()
            settings.threads = threads
            settings.storageOrderMinimumCount = 0
            var layout = ForceDirectedLayout(settings: settings, seed: 4)
            for _ in 0..<6_000 { layout.addCell() }
            for _ in 0..<20 { layout.step() }
            layout.prepare(bounds: Rect(x: 0, y: 0, width: 1600, height: 1000))
            for _ in 0..<20 { layout.step() }
            return layout.cells.flatMap { [$0.position.x.bitPattern, $0.position.y.bitPattern] }
        }
        let single = run(threads: 1)
        for threads in [2, 3] { #expect(run(threads: threads) == single, "threads \(threads)") }
    }
}
