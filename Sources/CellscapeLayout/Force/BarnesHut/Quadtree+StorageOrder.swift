extension Quadtree {
    /// How many steps one storage order serves (``storeInTreeOrder(cells:)``): cells drift away from
    /// their neighbours slowly, and renewing it costs about as much as a tenth of a step.
    static let storageOrderInterval = 16

    /// Stores the cells in the order of this tree's points, built from these cells, so that cells close
    /// in the plane are close in memory: the passes of a step that go through the cells in one order and
    /// read their neighbours in another (the force sums in tree order, the move limits in index order)
    /// then read memory nearly in order.
    ///
    /// In place, one cycle of the permutation at a time, so it takes no memory; afterwards the tree's
    /// points name their cells by the new indices, and its next build keeps its order.
    func storeInTreeOrder(cells: CellPointers) {
        // What was made for the old order names cells by their old indices.
        generation += 1
        let points = points.pointer
        for start in 0..<pointCount where Int(points[start].index) != start {
            let saved = StoredCell(cells, start)
            var slot = start
            while true {
                let source = Int(points[slot].index)
                points[slot].index = Int32(slot)
                if source == start {
                    saved.store(in: cells, at: slot)
                    break
                }
                StoredCell(cells, source).store(in: cells, at: slot)
                slot = source
            }
        }
    }
}

/// Every attribute of one stored cell, as a permutation moves it.
private struct StoredCell {
    let layoutIndex: Int32
    let id: Int
    let x: Double
    let y: Double
    let radius: Double
    let collisionRadius: Double
    let velocity: Vector
    let stepScale: Double

    @inline(__always)
    init(_ cells: CellPointers, _ index: Int) {
        layoutIndex = cells.layoutIndex[index]
        id = cells.ids[index]
        x = cells.x[index]
        y = cells.y[index]
        radius = cells.radius[index]
        collisionRadius = cells.collisionRadius[index]
        velocity = cells.velocity[index]
        stepScale = cells.stepScale[index]
    }

    @inline(__always)
    func store(in cells: CellPointers, at index: Int) {
        cells.layoutIndex[index] = layoutIndex
        cells.ids[index] = id
        cells.x[index] = x
        cells.y[index] = y
        cells.radius[index] = radius
        cells.collisionRadius[index] = collisionRadius
        cells.velocity[index] = velocity
        cells.stepScale[index] = stepScale
    }
}
