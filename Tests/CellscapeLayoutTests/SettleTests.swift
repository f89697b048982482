import Testing

@testable import CellscapeLayout

@Suite struct SettleTests {
    static func largestOverlap(_ cells: [Cell]) -> Double {
        var largest = 0.0
        for first in cells.indices {
            for second in (first + 1)..<cells.count {
                let reach = cells[first].radius + cells[second].radius
                largest = max(largest, reach - cells[first].position.distance(to: cells[second].position))
            }
        }
        return largest
    }

    /// 1,000 cells settle well within 300 steps into a true equilibrium of the seed's forces: one exact
    /// seed step from there moves no cell 0.3 px.
    @Test func thousandCellsSettleIntoAnEquilibriumOfTheSeedForces() {
        var layout = ForceDirectedLayout(seed: 2)
        for _ in 0..<1_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 300 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        var seed = layout
        seed.settings.integrator = .seed
        seed.settings.repulsion = .exact
        #expect(seed.step().largest < 0.3)
        #expect(Self.largestOverlap(layout.cells) <= 0.5)
    }

    /// A layout that says it is settled stays settled: 2,000 more steps move no cell 0.3 px in any step
    /// (random starts in 1920 x 1080; with momentum kept at rest, 1,000 cells moved up to 0.74 px and
    /// 10,000 up to 1.9 px hundreds of steps later).
    @Test(arguments: [(1_000, 1 as UInt64), (1_000, 3), (10_000, 1), (10_000, 3)])
    func aSettledLayoutStaysSettled(cells: Int, seed: UInt64) {
        var layout = ForceDirectedLayout(bounds: Rect(x: 0, y: 0, width: 1920, height: 1080), seed: seed)
        for _ in 0..<cells { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 2_000 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        var largest = 0.0
        for _ in 0..<2_000 {
            largest = max(largest, layout.step().largest)
            if !layout.isSettled { break }
        }
        #expect(layout.isSettled && largest < 0.3, "largest move \(largest) px")
        // Woken, it moves again.
        layout.addCell(at: layout.center)
        #expect(!layout.isSettled && layout.step().largest > 0.3)
    }

    /// 3,000 cells are packed in the middle, where the collisions carry the load.
    @Test func packedCellsSettleWithoutOverlapping() {
        var layout = ForceDirectedLayout(seed: 6)
        for _ in 0..<3_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 1_500 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        #expect(Self.largestOverlap(layout.cells) <= 0.5)
    }

    /// A cell added on top of another starts without a collision radius and grows apart from it over
    /// `growthSteps`; once settled they do not overlap.
    @Test func aNewCellGrowsIntoPlace() {
        var layout = ForceDirectedLayout(seed: 3)
        layout.addCell(at: Point(x: 640, y: 400))
        layout.addCell(at: Point(x: 641, y: 400))
        layout.step()
        #expect(layout.cell(at: 0).position.distance(to: layout.cell(at: 1).position) < 20)
        while !layout.isSettled && layout.stepCount < 1_000 { layout.step() }
        #expect(layout.isSettled)
        #expect(Self.largestOverlap(layout.cells) <= 0.5)
    }

    /// Cells at rest with room for their full size take it at once instead of waiting to grow.
    @Test func cellsWithRoomTakeTheirFullSizeAtOnce() {
        var settings = ForceSettings()
        settings.growthSteps = 10_000
        var layout = ForceDirectedLayout(settings: settings, seed: 5)
        for _ in 0..<50 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 1_000 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        #expect(layout.stepCount < 1_000)
        #expect(Self.largestOverlap(layout.cells) <= 0.5)
    }

    /// A settled layout read back from its positions alone (as `layout force --input` reads one) gives
    /// its cells their full size at once: grown out of nothing, 10,000 packed cells fell in by up to 169 px.
    @Test func cellsReadBackWithRoomTakeTheirFullSizeAtOnce() {
        var layout = ForceDirectedLayout(seed: 2)
        for _ in 0..<1_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 300 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        var again = ForceDirectedLayout(seed: 2)
        for cell in layout.cells { again.addCell(at: cell.position) }
        #expect(again.step().largest < 0.3)
        #expect(again.store.collisionRadius == again.store.radius)
        // Cells thrown in where they overlap still grow into place.
        again.addCell(at: again.cell(at: 0).position)
        again.step()
        #expect(again.store.collisionRadius.last! < 1)
    }

    /// From a random start, 10,000 cells (packed in the middle) and 1,000 (not) come to a true rest: read
    /// back from their positions alone, no velocity or slowed step kept, a layout is settled at its first
    /// step, which moves no cell 0.3 px. (Before, 10,000 packed cells took 464 to 823 steps, and read back
    /// they moved by up to 1.9 px a step and 32 px in all before settling again.)
    @Test(arguments: [(10_000, 1 as UInt64, 600), (10_000, 3, 600), (1_000, 2, 300)])
    func aRandomStartComesToATrueRest(cells: Int, seed: UInt64, steps: Int) {
        var layout = ForceDirectedLayout(seed: seed)
        for _ in 0..<cells { layout.addCell() }
        while !layout.isSettled && layout.stepCount < steps { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        #expect(Self.largestOverlap(layout.cells) <= 0.01)
        var again = ForceDirectedLayout(seed: seed)
        for cell in layout.cells { again.addCell(at: cell.position) }
        #expect(again.step().largest < 0.3)
        #expect(again.isSettled)
        var largest = 0.0
        for _ in 0..<50 { largest = max(largest, again.step().largest) }
        #expect(again.isSettled && largest < 0.3, "largest move \(largest) px")
    }

    /// A short move that reverses the last halves the cell's step, down to 1/64; a move of a pixel or
    /// more restores it.
    @Test func aSwingingCellIsSlowedAndAFreeOneIsNot() {
        var store = CellStore()
        store.append(id: 0, at: .zero, radius: 10)
        store.withPointers { cells in
            let back = Vector(dx: -0.4, dy: 0)
            let forth = Vector(dx: 0.5, dy: 0.1)
            DampedStep.updateScale(0, cells: cells, move: back, lastMove: forth, limited: true)
            #expect(cells.stepScale[0] == 0.5)
            DampedStep.updateScale(0, cells: cells, move: forth, lastMove: forth, limited: true)
            #expect(cells.stepScale[0] == 0.5)
            for _ in 0..<10 { DampedStep.updateScale(0, cells: cells, move: forth, lastMove: back, limited: true) }
            #expect(cells.stepScale[0] == 1.0 / 64)
            DampedStep.updateScale(0, cells: cells, move: Vector(dx: -1, dy: 0), lastMove: forth, limited: true)
            #expect(cells.stepScale[0] == 1)
        }
    }

    @Test func withoutCollisionsTenThousandCellsStayStableAndSettle() {
        var settings = ForceSettings()
        settings.collisions = false
        var layout = ForceDirectedLayout(settings: settings, seed: 4)
        for _ in 0..<10_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 1_000 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        #expect(layout.cells.allSatisfy { $0.position.distance(to: layout.center) < 2_000 })
    }
}
