import Testing

@testable import CellscapeLayout

/// Large layouts store their cells in the quadtree's order (``ForceSettings/storageOrderMinimumCount``,
/// set to 0 here so that 800 cells are reordered); the layout's own order and every answer stay.
@Suite struct StorageOrderTests {
    static func layout(reordering: Bool, threads: Int = 2) -> ForceDirectedLayout {
        var settings = ForceSettings()
        settings.threads = threads
        settings.storageOrderMinimumCount = reordering ? 0 : .max
        var layout = ForceDirectedLayout(settings: settings, seed: 3)
        for _ in 0..<800 { layout.addCell() }
        return layout
    }

    @Test func theTreeOrderMovesEveryAttributeOfACellTogether() {
        var store = FastPathTests.randomCells(2_000, seed: 4, clustered: true)
        for index in 0..<store.count {
            store.collisionRadius[index] = Double(index) / 7
            store.velocity[index] = Vector(dx: Double(index), dy: -Double(index))
            store.stepScale[index] = 1 / Double(index + 1)
        }
        let before = store
        let tree = Quadtree()
        store.withPointers { cells in
            tree.build(cells: cells, leafCapacity: 8)
            tree.storeInTreeOrder(cells: cells)
        }
        for slot in 0..<store.count {
            #expect(tree.points.pointer[slot].index == Int32(slot))
            #expect(store.x[slot] == tree.pointX.pointer[slot] && store.y[slot] == tree.pointY.pointer[slot])
            let added = Int(store.layoutIndex[slot])
            #expect(store.cell(at: slot) == before.cell(at: added))
            #expect(store.collisionRadius[slot] == before.collisionRadius[added])
            #expect(store.velocity[slot] == before.velocity[added])
            #expect(store.stepScale[slot] == before.stepScale[added])
        }
        store.updateStorageIndex()
        #expect(Set(store.layoutIndex).count == store.count)
        for index in 0..<store.count {
            #expect(store.layoutIndex[Int(store.storageIndex[index])] == Int32(index))
        }
    }

    @Test func aReorderedLayoutAnswersInTheOrderCellsWereAdded() {
        var plain = Self.layout(reordering: false)
        var reordered = Self.layout(reordering: true)
        plain.step()
        reordered.step()
        // The first step runs before any reordering: the same to the last bit.
        #expect(reordered.cells == plain.cells)
        // The second step sums in the new order: the same but for the last bits.
        plain.step()
        reordered.step()
        let largest = zip(plain.cells, reordered.cells).map { ($0.position - $1.position).length }.max() ?? 0
        #expect(largest < 1e-9, "largest difference \(largest)")
        // Past the renewal at step 17 (positions drift apart: a start this crowded amplifies the bits).
        for _ in 0..<18 { reordered.step() }
        #expect(reordered.cells.map(\.id) == Array(0..<800))
        // Forces are those of the same cells stored in the order of adding, but for single-precision
        // sums in another order.
        let forces = reordered.forces()
        var again = ForceDirectedLayout(settings: plain.settings, seed: 3)
        for cell in reordered.cells { again.addCell(at: cell.position) }
        let againForces = again.forces()
        let largestForce = againForces.map(\.length).max() ?? 0
        let largestForceDifference = zip(forces, againForces).map { ($0 - $1).length }.max() ?? 0
        #expect(largestForceDifference < 1e-6 * largestForce, "\(largestForceDifference) of \(largestForce)")
        for index in [0, 1, 399, 799] { #expect(reordered.index(of: reordered.cell(at: index).id) == index) }
        let found = reordered.attributes(in: Rect(x: 300, y: 200, width: 400, height: 300))
        #expect(!found.isEmpty && found.map(\.index) == found.map(\.index).sorted())
        for attributes in found {
            #expect(attributes.frame == Rect(center: reordered.cell(at: attributes.index).position, radius: 10))
        }
    }

    @Test func removingAndPinningReachTheRightCell() {
        var layout = Self.layout(reordering: true)
        for _ in 0..<20 { layout.step() }
        let removed = layout.cell(at: 5).id
        let next = layout.cell(at: 6)
        let didRemove = layout.removeCell(id: removed)
        #expect(didRemove)
        let fifth = layout.cell(at: 5)
        #expect(fifth == next && layout.index(of: removed) == nil && layout.count == 799)
        let pinned = layout.cell(at: 100).id
        let didPin = layout.pinCell(id: pinned, at: Point(x: 10, y: 10))
        #expect(didPin)
        // Past the renewal at step 33.
        for _ in 0..<17 { layout.step() }
        let held = layout.cell(at: 100)
        #expect(held.id == pinned && held.position == Point(x: 10, y: 10))
        #expect(layout.cells.map(\.id) == Array(0..<5) + Array(6..<800))
    }

    @Test func reorderedResultsAreTheSameOnAnyThreadCount() {
        func run(threads: Int) -> [UInt64] {
            var layout = Self.layout(reordering: true, threads: threads)
            for _ in 0..<40 { layout.step() }
            return layout.cells.flatMap { [$0.position.x.bitPattern, $0.position.y.bitPattern] }
        }
        #expect(run(threads: 1) == run(threads: 3))
    }
}
