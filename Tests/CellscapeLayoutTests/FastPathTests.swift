import Testing

@testable import CellscapeLayout

/// Every fast path checked against brute force on randomized input.
@Suite struct FastPathTests {
    static func randomCells(_ count: Int, seed: UInt64, clustered: Bool = false) -> CellStore {
        var random = SplitMix64(seed: seed)
        var store = CellStore()
        for id in 0..<count {
            var point = Point(x: random.nextUnit() * 1280, y: random.nextUnit() * 800)
            if clustered && id % 3 != 0 {
                let hub = Point(x: Double(id % 5) * 200 + 100, y: Double(id % 4) * 150 + 100)
                point = hub + Vector(dx: random.nextUnit() * 30, dy: random.nextUnit() * 30)
            }
            store.append(id: id, at: point, radius: 5 + random.nextUnit() * 10)
        }
        return store
    }

    /// The RMS over cells of |approximate - exact| / |exact| for the repulsion alone.
    static func relativeError(_ count: Int, theta: Double, seed: UInt64, clustered: Bool = false) -> Double {
        var settings = ForceSettings()
        settings.repulsion = RepulsionSummation(theta: theta)
        settings.springStiffness = 0
        var approximate = ForceDirectedLayout(settings: settings, seed: seed)
        for cell in randomCells(count, seed: seed, clustered: clustered).cells {
            approximate.addCell(at: cell.position)
        }
        var exact = approximate
        exact.settings.repulsion = .exact
        return relativeError(approximate.forces(), exact.forces())
    }

    /// The RMS over cells of |approximate - exact| / |exact|.
    static func relativeError(_ approximate: [Vector], _ exact: [Vector]) -> Double {
        let sum = zip(approximate, exact).reduce(0.0) { $0 + ($1.0 - $1.1).squaredLength / $1.1.squaredLength }
        return (sum / Double(exact.count)).squareRoot()
    }

    @Test func barnesHutAtTheDefaultThetaIsWithinOnePercentOfExact() {
        let error = Self.relativeError(10_000, theta: ForceSettings().repulsion.theta, seed: 21)
        #expect(error <= 0.01, "RMS relative error \(error)")
    }

    @Test(arguments: [false, true])
    func barnesHutConvergesToExactAsThetaShrinks(clustered: Bool) {
        let coarse = Self.relativeError(2_000, theta: 0.9, seed: 5, clustered: clustered)
        let fine = Self.relativeError(2_000, theta: 0.3, seed: 5, clustered: clustered)
        #expect(fine < coarse)
        #expect(fine < 1e-3, "theta 0.3: \(fine)")
    }

    /// Pairs closer than the minimum distance leave Barnes-Hut's four-lane near loop and are added one by
    /// one, clamped: with a minimum distance of 3 px, clusters of cells 0.5 to 2 px apart (and two on
    /// one point) get the exact forces.
    @Test func barnesHutClampsNearPairsCloserThanTheMinimumDistance() {
        var settings = ForceSettings()
        settings.minimumDistance = 3
        var approximate = ForceDirectedLayout(settings: settings, seed: 4)
        var random = SplitMix64(seed: 4)
        for cluster in 0..<40 {
            let hub = Point(x: Double(cluster % 8) * 150 + 60, y: Double(cluster / 8) * 150 + 60)
            for _ in 0..<4 {
                approximate.addCell(at: hub + Vector(dx: random.nextUnit() * 2, dy: random.nextUnit() * 2))
            }
        }
        approximate.addCell(at: Point(x: 60, y: 60))
        approximate.addCell(at: Point(x: 60, y: 60))
        var exact = approximate
        exact.settings.repulsion = .exact
        let fast = approximate.forces()
        let slow = exact.forces()
        for (fast, slow) in zip(fast, slow) {
            #expect((fast - slow).length <= 1e-3 * slow.length, "\(fast) against \(slow)")
        }
    }

    @Test func quadtreeMomentsMatchTheirCells() {
        var store = Self.randomCells(3_000, seed: 8, clustered: true)
        let tree = Quadtree()
        store.withPointers { tree.build(cells: $0, leafCapacity: 8) }
        var seen = Set<Int32>()
        for node in (0..<tree.nodeCount).map({ tree.nodes.pointer[$0] }) where node.charge > 0 {
            let slots = Int(node.start)..<Int(node.end)
            #expect(Double(slots.count) == node.charge)
            let meanX = slots.reduce(0.0) { $0 + tree.pointX.pointer[$1] } / node.charge
            let momentXX = slots.reduce(0.0) {
                $0 + (tree.pointX.pointer[$1] - meanX) * (tree.pointX.pointer[$1] - meanX)
            }
            #expect(abs(meanX - node.centerX) < 1e-9 * max(1, abs(meanX)))
            #expect(abs(momentXX - node.momentXX) < 1e-6 * max(1, momentXX))
            for slot in slots {
                #expect(node.contains(x: tree.pointX.pointer[slot], y: tree.pointY.pointer[slot]))
                if node.isLeaf { seen.insert(tree.points.pointer[slot].index) }
            }
        }
        #expect(seen.count == 3_000)
    }

    /// Groups split the non-empty leaves, in tree order, into subtrees of at most the group capacity
    /// (or single leaves), each as large as it may be: its parent holds more.
    @Test func quadtreeGroupsCoverEveryLeafOnce() {
        var store = Self.randomCells(3_000, seed: 9, clustered: true)
        let tree = Quadtree()
        store.withPointers { tree.build(cells: $0, leafCapacity: 8, groupCapacity: 40) }
        var nextLeaf: Int32 = 0
        var parents: [Int32: Int32] = [:]
        for index in 0..<Int32(tree.nodeCount) where !tree.nodes.pointer[Int(index)].isLeaf {
            for child in 0..<Int32(4) { parents[tree.nodes.pointer[Int(index)].firstChild + child] = index }
        }
        for group in (0..<tree.groupCount).map({ tree.groups.pointer[$0] }) {
            let node = tree.nodes.pointer[Int(group.node)]
            #expect(group.firstLeaf == nextLeaf && group.endLeaf > group.firstLeaf)
            nextLeaf = group.endLeaf
            #expect(node.charge <= 40 || node.isLeaf)
            if let parent = parents[group.node] { #expect(tree.nodes.pointer[Int(parent)].charge > 40) }
            for leaf in (group.firstLeaf..<group.endLeaf).map({ tree.nodes.pointer[Int(tree.leaves.pointer[Int($0)])] })
            {
                #expect(leaf.start >= node.start && leaf.end <= node.end)
            }
        }
        #expect(Int(nextLeaf) == tree.leafCount)
    }

    /// The tree's root square holds the cells, has a power-of-two side and a corner on a multiple of half
    /// of it, for boxes anywhere, across zero included; and a small move of the cells keeps it.
    @Test func theRootSquareIsAlignedAndHoldsTheCells() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<1_000 {
            let minX = (random.nextUnit() - 0.5) * 1e4
            let minY = (random.nextUnit() - 0.5) * 1e4
            let maxX = minX + random.nextUnit() * 3_000
            let maxY = minY + random.nextUnit() * 3_000
            let square = Quadtree.alignedSquare(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
            #expect(
                square.x <= minX && square.y <= minY && maxX < square.x + square.size && maxY < square.y + square.size)
            #expect(square.size.significand == 1)
            #expect((square.x / (square.size / 2)).rounded() == square.x / (square.size / 2))
        }
        let square = Quadtree.alignedSquare(minX: 101, minY: 57, maxX: 1_190, maxY: 760)
        #expect(Quadtree.alignedSquare(minX: 101.4, minY: 56.8, maxX: 1_190.3, maxY: 759.6) == square)
    }

    @Test func radixSortOrdersLikeTheStandardSort() {
        var random = SplitMix64(seed: 99)
        for count in [0, 1, 7, 1_000, 20_000] {
            let keys = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next() >> (random.next() % 40)) }
            let sorter = RadixSort()
            sorter.sort(count: count) { keys[$0] }
            let order = (0..<count).map { Int(sorter.order.pointer[$0]) }
            let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            #expect(order == expected)
        }
    }

    /// The sorted cell list finds every cell within the distance asked, once, with its own position and
    /// radius, for reaches of one square and more.
    @Test(arguments: [1.0, 45.0])
    func cellListNeighboursAreEveryCellWithinTheReach(distance: Double) {
        var store = Self.randomCells(2_000, seed: 9, clustered: true)
        let list = NeighbourGrid()
        store.withPointers { cells in
            list.build(cells: cells, radii: cells.radius, squareSize: 20)
            Self.expectRunsHoldEveryCellWithin(distance, of: list, cells: cells)
        }
    }

    /// Checks, for every seventh cell, that the list's runs near it hold every cell within `distance`,
    /// once each, with its position and radius.
    static func expectRunsHoldEveryCellWithin(_ distance: Double, of list: NeighbourGrid, cells: CellPointers) {
        for index in stride(from: 0, to: cells.count, by: 7) {
            var found: [Int: Int] = [:]
            list.view.forEachRun(nearX: cells.x[index], y: cells.y[index], distance: distance) { run in
                for slot in run {
                    let cell = Int(list.index.pointer[slot])
                    found[cell, default: 0] += 1
                    #expect(list.x.pointer[slot] == cells.x[cell] && list.y.pointer[slot] == cells.y[cell])
                    #expect(list.radius.pointer[slot] == cells.radius[cell])
                }
            }
            #expect(found.values.allSatisfy { $0 == 1 })
            for other in 0..<cells.count {
                let gap = Point(x: cells.x[index], y: cells.y[index]).distance(
                    to: Point(x: cells.x[other], y: cells.y[other]))
                if gap < distance { #expect(found[other] == 1) }
            }
        }
    }

    /// 3,000 random cells, clustered, sorted into a cell list, and their largest radius.
    static func limitGrid(seed: UInt64) -> (list: NeighbourGrid, count: Int, largestRadius: Double) {
        var store = randomCells(3_000, seed: seed, clustered: true)
        let list = NeighbourGrid()
        store.withPointers { list.build(cells: $0, radii: $0.radius, squareSize: 32) }
        return (list, store.count, store.cells.map(\.radius).max()!)
    }

    /// The distance between the cells at two slots of `list`, and the unit vector from the second to the
    /// first scaled by it.
    static func separation(_ slot: Int, _ other: Int, in list: NeighbourGrid) -> (
        distance: Double, dx: Double, dy: Double
    ) {
        let dx = list.x.pointer[slot] - list.x.pointer[other]
        let dy = list.y.pointer[slot] - list.y.pointer[other]
        return ((dx * dx + dy * dy).squareRoot(), dx, dy)
    }

    /// The move limit's single-precision screen keeps every neighbour that can limit a move (the exact
    /// test, in double precision, against every cell), and lets through only a hair more.
    @Test(arguments: [0.01, 0.7, 9.0])
    func moveLimitScreenKeepsEveryNeighbourThatCanLimit(speed: Double) {
        let (list, count, largest) = Self.limitGrid(seed: 17)
        let buffer = MoveLimit.Buffer()
        for slot in stride(from: 0, to: count, by: 5) {
            let radius = list.radius.pointer[slot]
            let found = MoveLimit.screen(
                slot: slot, reach: radius + largest + 2 * speed, twiceSpeed: 2 * speed, list: list.view, buffer: buffer)
            guard found <= MoveLimit.capacity else { continue }
            let screened = Set((0..<found).map { Int(buffer.neighbours.pointer[$0]) })
            for other in 0..<count where other != slot {
                let distance = Self.separation(slot, other, in: list).distance
                let within = radius + list.radius.pointer[other] + 2 * speed
                if distance < within { #expect(screened.contains(other)) }
                if screened.contains(other) { #expect(distance < within + 1e-3) }
            }
            #expect(!screened.contains(slot))
        }
    }

    /// A limited move keeps every neighbour's limit: it closes at most half of any gap; and the limit
    /// marks exactly the cells that overlap another as the sweep counts it (checked against every cell).
    @Test func limitedMovesCloseAtMostHalfOfEveryGap() {
        let (list, count, largest) = Self.limitGrid(seed: 23)
        let buffer = MoveLimit.Buffer()
        var random = SplitMix64(seed: 5)
        for slot in 0..<count {
            let scale = slot % 10 == 0 ? 0 : 12.0
            let wanted = Vector(dx: (random.nextUnit() - 0.5) * scale, dy: (random.nextUnit() - 0.5) * scale)
            let (move, overlaps, _) = MoveLimit.limit(
                wanted, slot: slot, largestRadius: largest, list: list.view, buffer: buffer)
            #expect(move.length <= wanted.length + 1e-9)
            var overlapsAnother = false
            for other in 0..<count where other != slot {
                let (distance, dx, dy) = Self.separation(slot, other, in: list)
                let contact = list.radius.pointer[slot] + list.radius.pointer[other]
                let inside = contact - OverlapSweep.slack
                overlapsAnother = overlapsAnother || dx * dx + dy * dy < inside * inside
                guard distance > 0 else { continue }
                let halfGap = max(distance - list.radius.pointer[slot] - list.radius.pointer[other], 0) / 2
                #expect((move.dx * dx + move.dy * dy) / distance >= -halfGap - 1e-9)
            }
            #expect(overlaps == overlapsAnother)
        }
    }

    @Test func gridNeighboursAreEveryCellWithinOneSquare() {
        var store = Self.randomCells(2_000, seed: 3, clustered: true)
        let grid = CollisionGrid()
        var random = SplitMix64(seed: 4)
        store.withPointers { cells in
            grid.build(x: cells.x.base, y: cells.y.base, count: cells.count, squareSize: 20)
            // Cells moved after the build, some far outside the box it was built over.
            for index in stride(from: 0, to: cells.count, by: 11) {
                let spread = index % 2 == 0 ? 40.0 : 4_000.0
                cells.x[index] += (random.nextUnit() - 0.5) * spread
                cells.y[index] += (random.nextUnit() - 0.5) * spread
                grid.move(index, x: cells.x[index], y: cells.y[index])
            }
            for index in stride(from: 0, to: cells.count, by: 7) {
                var found = Set<Int>()
                grid.forEachNeighbour(of: index) { found.insert($0) }
                for other in 0..<cells.count where other != index {
                    let distance = Point(x: cells.x[index], y: cells.y[index]).distance(
                        to: Point(x: cells.x[other], y: cells.y[other]))
                    if distance < 20 { #expect(found.contains(other)) }
                }
            }
        }
    }
}

extension QuadtreeNode {
    /// Whether the point lies inside the node's square.
    func contains(x: Double, y: Double) -> Bool {
        x >= minX && x < minX + size && y >= minY && y < minY + size
    }
}

extension CellStore {
    var cells: [Cell] { (0..<count).map(cell(at:)) }
}
