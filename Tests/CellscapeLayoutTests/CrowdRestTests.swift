import Testing

@testable import CellscapeLayout

/// Crowds of 100,000 cells come to a true rest, and a crowd at rest follows a moved centre as one body.
@Suite struct CrowdRestTests {
    /// The largest overlap of any two cells, by a sweep along x (every pair closer in x than the largest
    /// contact is checked).
    static func largestOverlap(_ cells: [Cell]) -> Double {
        let sorted = cells.sorted { $0.position.x < $1.position.x }
        let reach = 2 * (cells.map(\.radius).max() ?? 0)
        var largest = 0.0
        for first in sorted.indices {
            var second = first + 1
            while second < sorted.count && sorted[second].position.x - sorted[first].position.x < reach {
                let contact = sorted[first].radius + sorted[second].radius
                largest = max(largest, contact - sorted[first].position.distance(to: sorted[second].position))
                second += 1
            }
        }
        return largest
    }

    /// The largest move of the first step of a layout read back from `cells`' positions alone; with
    /// `friction` off, no move is held back, however short (the settle threshold is made tiny).
    static func firstStepReadBack(_ cells: [Cell], bounds: Rect, friction: Bool = true) -> (Double, Bool) {
        var settings = ForceSettings()
        if !friction { settings.settleThreshold = 1e-12 }
        var again = ForceDirectedLayout(bounds: bounds, settings: settings, seed: 9)
        for cell in cells { again.addCell(at: cell.position, radius: cell.radius) }
        return (again.step().largest, again.isSettled)
    }

    /// 100,000 cells thrown in at random settle within 2,000 steps into a true equilibrium: read back from
    /// their positions alone, even with no move held back by friction, no cell moves 0.3 px; none overlap.
    @Test func aHundredThousandCellsComeToATrueRest() {
        let bounds = Rect(x: 0, y: 0, width: 1920, height: 1080)
        var layout = ForceDirectedLayout(bounds: bounds, seed: 1)
        for _ in 0..<100_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 2_000 { layout.step() }
        #expect(layout.isSettled, "not settled after \(layout.stepCount) steps")
        let cells = layout.cells
        #expect(Self.largestOverlap(cells) <= 0)
        let (held, settled) = Self.firstStepReadBack(cells, bounds: bounds)
        #expect(held < 0.3 && settled, "read back, a cell moved \(held) px")
        let (free, _) = Self.firstStepReadBack(cells, bounds: bounds, friction: false)
        #expect(free < 0.3, "read back without friction, a cell moved \(free) px")
        var largest = 0.0
        for _ in 0..<20 { largest = max(largest, layout.step().largest) }
        #expect(layout.isSettled && largest < 0.3, "at rest, a cell moved \(largest) px")
    }

    /// A packed crowd at rest follows the centre of a resized window: the spring's pull on its centroid
    /// moves all of it alike, so it comes to rest within a few pixels of the new centre in 200 steps (as
    /// separate cells it had not arrived after 3,000), without an overlap, and at a true rest.
    @Test func aPackedCrowdGlidesToTheNewCentre() {
        var layout = ForceDirectedLayout(bounds: Rect(x: 0, y: 0, width: 1920, height: 1080), seed: 3)
        for _ in 0..<10_000 { layout.addCell() }
        while !layout.isSettled && layout.stepCount < 600 { layout.step() }
        #expect(layout.isSettled)
        let resized = Rect(x: 0, y: 0, width: 2320, height: 1380)
        layout.prepare(bounds: resized)
        let woken = layout.stepCount
        while !layout.isSettled && layout.stepCount - woken < 200 { layout.step() }
        #expect(layout.isSettled, "not settled \(layout.stepCount - woken) steps after the resize")
        let cells = layout.cells
        let sum = cells.reduce(Vector.zero) { $0 + ($1.position - resized.center) }
        #expect((sum / Double(cells.count)).length < 3)
        #expect(Self.largestOverlap(cells) <= 0)
        let (free, _) = Self.firstStepReadBack(cells, bounds: resized, friction: false)
        #expect(free < 0.3, "read back without friction, a cell moved \(free) px")
    }
}
