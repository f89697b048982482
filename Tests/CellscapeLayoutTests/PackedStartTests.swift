import Testing

@testable import CellscapeLayout

@Suite struct PackedStartTests {
    /// The lattice's sites are the `count` nearest the centre, in order of distance, no two closer than
    /// their spacing (checked against every pair), and the nearest ring holds the centre and six more.
    @Test func theSitesAreTheNearestOfAHexagonalLattice() {
        let spacing = 20.01
        let sites = PackedStart.sites(count: 500, spacing: spacing)
        #expect(sites.count == 500)
        #expect(sites[0] == .zero)
        for ring in sites[1...6] { #expect(abs(ring.length - spacing) < 1e-9) }
        for index in 1..<sites.count { #expect(sites[index - 1].length <= sites[index].length) }
        var closest = Double.infinity
        for first in sites.indices {
            for second in (first + 1)..<sites.count {
                closest = min(closest, (sites[first] - sites[second]).length)
            }
        }
        #expect(abs(closest - spacing) < 1e-9)
        // The sites left out are no nearer than the farthest kept.
        let more = PackedStart.sites(count: 2_000, spacing: spacing)
        #expect(Array(more.prefix(500)) == sites)
    }

    /// Cells pack where the middle of the repulsion's disc is denser than a hexagonal packing by a
    /// quarter: for cells of radius 10 under the default forces, from about 5,000 cells on.
    @Test func crowdsPackFromAboutFiveThousandCells() {
        let settings = ForceSettings()
        #expect(!PackedStart.packs(count: 1_000, radius: 10, settings: settings))
        #expect(!PackedStart.packs(count: 4_000, radius: 10, settings: settings))
        #expect(PackedStart.packs(count: 6_000, radius: 10, settings: settings))
        #expect(PackedStart.packs(count: 100_000, radius: 10, settings: settings))
        #expect(!PackedStart.packs(count: 100_000, radius: 1, settings: settings))
        #expect(abs(PackedStart.cubeRoot(1.178e10) - 2275.351) < 1e-3)
        #expect(abs(PackedStart.cubeRoot(27) - 3) < 1e-12)
    }

    /// Every cell gets a site of its own, and a cell keeps its side of the centre.
    @Test func everyCellTakesASiteOnItsSideOfTheCentre() {
        var layout = ForceDirectedLayout(seed: 4)
        for _ in 0..<6_000 { layout.addCell() }
        let thrown = layout.cells
        layout.step()
        let packed = layout.cells
        var positions = Set<[Double]>()
        var sameSide = 0
        let center = layout.center
        for (before, after) in zip(thrown, packed) {
            positions.insert([after.position.x, after.position.y])
            let was = before.position - center
            let now = after.position - center
            if was.dx * now.dx + was.dy * now.dy > 0 { sameSide += 1 }
        }
        #expect(positions.count == 6_000)
        #expect(sameSide > 5_700, "\(sameSide) of 6,000 kept their side")
        #expect(SettleTests.largestOverlap(packed) <= 0)
    }

    /// A crowd that fits as it was thrown, or one read back with a few cells overlapping, is not moved
    /// to the lattice.
    @Test func aCrowdReadBackIsNotRepacked() {
        var layout = ForceDirectedLayout(seed: 4)
        for _ in 0..<6_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 600 { layout.step() }
        var positions = layout.cells.map(\.position)
        positions[1] = positions[0]
        var again = ForceDirectedLayout(seed: 4)
        for position in positions { again.addCell(at: position) }
        again.step()
        let moved = zip(positions, again.cells).map { $0.distance(to: $1.position) }.max() ?? 0
        #expect(moved < 25, "a cell moved \(moved) px")
    }
}
