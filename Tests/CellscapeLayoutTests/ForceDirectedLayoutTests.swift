import Foundation
import Testing

@testable import CellscapeLayout

/// Pinned values, as d3-force's tests pin them.
@Suite struct ForceDirectedLayoutTests {
    static let bounds = Rect(x: 0, y: 0, width: 1280, height: 800)

    static func settings(_ integrator: Integrator, theta: Double = 0, collisions: Bool = false)
        -> ForceSettings
    {
        var settings = ForceSettings()
        settings.integrator = integrator
        settings.repulsion = RepulsionSummation(theta: theta)
        settings.collisions = collisions
        return settings
    }

    @Test func oneCellGoesToTheCentre() {
        for integrator in Integrator.allCases {
            var layout = ForceDirectedLayout(bounds: Self.bounds, settings: Self.settings(integrator))
            layout.addCell(at: Point(x: 100, y: 700))
            for _ in 0..<2_000 { layout.step() }
            let position = layout.cell(at: 0).position
            #expect(abs(position.x - 640) < 1e-9 && abs(position.y - 400) < 1e-9, "\(integrator)")
            #expect(layout.isSettled)
        }
    }

    @Test func twoCellsSettleSymmetricAboutTheCentre() {
        let expected: Double = 2 * cbrt(1000 / (4 * 0.02))
        #expect(abs(expected - 46.416) < 1e-3)
        var layout = ForceDirectedLayout(bounds: Self.bounds, settings: Self.settings(.damped))
        layout.addCell(at: Point(x: 300, y: 200))
        layout.addCell(at: Point(x: 900, y: 650))
        for _ in 0..<3_000 { layout.step() }
        let first = layout.cell(at: 0).position
        let second = layout.cell(at: 1).position
        #expect(abs(first.distance(to: second) - expected) < 1e-6)
        #expect(abs((first.x + second.x) / 2 - 640) < 1e-6)
        #expect(abs((first.y + second.y) / 2 - 400) < 1e-6)
    }

    @Test func threeSeedStepsMatchHandComputedPositions() {
        let start = [
            Point(x: 600, y: 380), Point(x: 700, y: 420), Point(x: 640, y: 300), Point(x: 500, y: 500),
            Point(x: 655, y: 405),
        ]
        // Computed independently, in plain Python, with the seed's formulas.
        let expected = [
            Point(x: 601.2632656532692, y: 380.9780801112055),
            Point(x: 698.102637789346, y: 419.4624227004948),
            Point(x: 640.0869147632301, y: 305.0807213378177),
            Point(x: 507.9833020279519, y: 494.33077347085776),
            Point(x: 653.738719766203, y: 404.8539623796243),
        ]
        var layout = ForceDirectedLayout(bounds: Self.bounds, settings: Self.settings(.seed))
        for point in start { layout.addCell(at: point) }
        for _ in 0..<3 { layout.step() }
        for (cell, point) in zip(layout.cells, expected) {
            #expect(abs(cell.position.x - point.x) < 1e-9 && abs(cell.position.y - point.y) < 1e-9)
        }
    }

    @Test func seedStepIsPositionPlusForce() {
        var layout = ForceDirectedLayout(bounds: Self.bounds, settings: Self.settings(.seed), seed: 3)
        for _ in 0..<50 { layout.addCell() }
        let before = layout.cells
        let forces = layout.forces()
        let movement = layout.step()
        var total = 0.0
        for index in before.indices {
            let moved = layout.cell(at: index).position - before[index].position
            #expect((moved - forces[index]).length < 1e-9)
            total += forces[index].length
        }
        #expect(abs(movement.total - total) < 1e-6)
    }

    @Test func coincidentCellsAreSeparated() {
        for collisions in [false, true] {
            var layout = ForceDirectedLayout(
                bounds: Self.bounds, settings: Self.settings(.damped, theta: 0.7, collisions: collisions))
            for _ in 0..<3 { layout.addCell(at: Point(x: 640, y: 400)) }
            for _ in 0..<500 { layout.step() }
            let cells = layout.cells
            #expect(cells.allSatisfy { $0.position.isFinite })
            #expect(cells[0].position.distance(to: cells[1].position) > 10)
            #expect(cells[1].position.distance(to: cells[2].position) > 10)
        }
    }

    /// A hundred cells on one point are 1e-7 px apart after the first step; Barnes-Hut's single-precision
    /// far terms overflowed at such distances (every position NaN after the second step).
    @Test func aHundredCellsOnOnePointSpreadOutWithBarnesHut() {
        var layout = ForceDirectedLayout(
            bounds: Self.bounds, settings: Self.settings(.damped, theta: 0.7, collisions: true))
        for _ in 0..<100 { layout.addCell(at: Point(x: 640, y: 400)) }
        for _ in 0..<3 { layout.step() }
        #expect(layout.cells.allSatisfy { $0.position.isFinite })
        while !layout.isSettled && layout.stepCount < 1_000 { layout.step() }
        #expect(layout.isSettled)
        let cells = layout.cells
        let closest = cells.indices.dropFirst().map { cells[$0].position.distance(to: cells[0].position) }.min()
        #expect((closest ?? 0) > 19.5, "closest to the first cell: \(closest ?? 0)")
    }

    @Test func addAndRemoveKeepIdsAndWakeTheLayout() {
        var layout = ForceDirectedLayout(bounds: Self.bounds, seed: 9)
        let first = layout.addCell(at: Point(x: 10, y: 10))
        let second = layout.addCell()
        #expect(first != second)
        #expect(Self.bounds.contains(layout.cell(at: 1).position))
        while !layout.isSettled { layout.step() }
        let removed = layout.removeCell(id: first)
        #expect(removed)
        #expect(!layout.isSettled)
        let removedAgain = layout.removeCell(id: first)
        #expect(!removedAgain)
        #expect(layout.cells.map(\.id) == [second])
    }

    @Test func sizeChangeInvalidatesAndCellsFlowToTheNewCentre() {
        var layout = ForceDirectedLayout(bounds: Self.bounds)
        layout.addCell(at: Point(x: 640, y: 400))
        while !layout.isSettled { layout.step() }
        #expect(!layout.shouldInvalidate(forBoundsChange: Self.bounds))
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 50, y: 0, width: 1280, height: 800)))
        let wider = Rect(x: 0, y: 0, width: 1600, height: 800)
        #expect(layout.shouldInvalidate(forBoundsChange: wider))
        layout.invalidate()
        layout.prepare(bounds: wider)
        #expect(!layout.isSettled)
        var steps = 0
        while !layout.isSettled && steps < 1_000 {
            layout.step()
            steps += 1
        }
        #expect(layout.isSettled)
        // Settled: no step moves the cell 0.3 px, which leaves it within a couple of pixels of the centre.
        #expect(layout.cell(at: 0).position.distance(to: Point(x: 800, y: 400)) < 2)
        for _ in 0..<2_000 { layout.step() }
        #expect(layout.cell(at: 0).position.distance(to: Point(x: 800, y: 400)) < 1e-9)
    }

    @Test func attributesAreTheCellsIntersectingTheRect() {
        var layout = ForceDirectedLayout(bounds: Self.bounds, seed: 4)
        for _ in 0..<300 { layout.addCell() }
        for _ in 0..<20 { layout.step() }
        let rect = Rect(x: 500, y: 300, width: 200, height: 120)
        let found = layout.attributes(in: rect)
        let expected = layout.cells.enumerated().filter {
            Rect(center: $0.element.position, radius: 10).intersects(rect)
        }
        #expect(found.map(\.index) == expected.map(\.offset))
        #expect(found.allSatisfy { $0.frame.size == Size(width: 20, height: 20) })
        #expect(layout.contentSize.width >= 1280 && layout.contentSize.height >= 800)
    }
}
