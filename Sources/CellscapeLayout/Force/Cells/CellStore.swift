/// The cells of a force-directed layout as a structure of arrays, one array per attribute.
///
/// Index `i` of every array describes the same cell. Cells are stored in the order they were added
/// until a large layout stores them in its quadtree's order, so that cells near each other in the plane
/// are near each other in memory (``Quadtree/storeInTreeOrder(cells:)``); ``layoutIndex`` and
/// ``storageIndex`` map between the stored order and the layout's own, the order of adding. (32 bits
/// each: at 100,000 cells the two take 0.8 MB, not 1.6.)
struct CellStore: Hashable {
    /// Per stored cell, its index in the layout.
    var layoutIndex: [Int32] = []
    /// Per index in the layout, where the cell is stored.
    var storageIndex: [Int32] = []
    var ids: [Int] = []
    var x: [Double] = []
    var y: [Double] = []
    var radius: [Double] = []
    /// The radius collisions use: a new cell grows into place from nothing to ``radius``.
    var collisionRadius: [Double] = []
    /// The damped integrator's velocity.
    var velocity: [Vector] = []
    /// The damped integrator's share of a full step, halved each time the cell's force turns on it.
    var stepScale: [Double] = []

    var count: Int { ids.count }

    mutating func append(id: Int, at position: Point, radius cellRadius: Double, grown: Bool = true) {
        layoutIndex.append(Int32(count))
        storageIndex.append(Int32(count))
        ids.append(id)
        x.append(position.x)
        y.append(position.y)
        radius.append(cellRadius)
        collisionRadius.append(grown ? cellRadius : 0)
        velocity.append(.zero)
        stepScale.append(1)
    }

    /// Removes the cell stored at `index`; the cells added after it move one index down in the layout.
    mutating func remove(at index: Int) {
        let removed = layoutIndex.remove(at: index)
        for entry in layoutIndex.indices where layoutIndex[entry] > removed { layoutIndex[entry] -= 1 }
        storageIndex.removeLast()
        updateStorageIndex()
        ids.remove(at: index)
        x.remove(at: index)
        y.remove(at: index)
        radius.remove(at: index)
        collisionRadius.remove(at: index)
        velocity.remove(at: index)
        stepScale.remove(at: index)
    }

    mutating func removeAll() {
        self = CellStore()
    }

    /// The cell stored at `index`.
    func cell(at index: Int) -> Cell {
        Cell(id: ids[index], position: Point(x: x[index], y: y[index]), radius: radius[index])
    }

    /// Recomputes ``storageIndex`` from ``layoutIndex``, which it only inverts, after the cells were
    /// stored in another order or one was removed.
    mutating func updateStorageIndex() {
        for stored in layoutIndex.indices { storageIndex[Int(layoutIndex[stored])] = Int32(stored) }
    }

    /// Calls `body` with pointers to every attribute; valid only inside `body`, and only when `count > 0`.
    mutating func withPointers<Result>(_ body: (CellPointers) -> Result) -> Result {
        layoutIndex.withUnsafeMutableBufferPointer { layoutIndex in
            ids.withUnsafeMutableBufferPointer { ids in
                x.withUnsafeMutableBufferPointer { x in
                    y.withUnsafeMutableBufferPointer { y in
                        radius.withUnsafeMutableBufferPointer { radius in
                            collisionRadius.withUnsafeMutableBufferPointer { collisionRadius in
                                velocity.withUnsafeMutableBufferPointer { velocity in
                                    stepScale.withUnsafeMutableBufferPointer { stepScale in
                                        body(
                                            CellPointers(
                                                count: ids.count, layoutIndex: DisjointBuffer(layoutIndex.baseAddress!),
                                                ids: DisjointBuffer(ids.baseAddress!),
                                                x: DisjointBuffer(x.baseAddress!),
                                                y: DisjointBuffer(y.baseAddress!),
                                                radius: DisjointBuffer(radius.baseAddress!),
                                                collisionRadius: DisjointBuffer(collisionRadius.baseAddress!),
                                                velocity: DisjointBuffer(velocity.baseAddress!),
                                                stepScale: DisjointBuffer(stepScale.baseAddress!)))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The arrays of a ``CellStore``, handed to the passes of one step; a parallel pass writes each cell
/// from the one chunk that holds it.
struct CellPointers {
    let count: Int
    let layoutIndex: DisjointBuffer<Int32>
    let ids: DisjointBuffer<Int>
    let x: DisjointBuffer<Double>
    let y: DisjointBuffer<Double>
    let radius: DisjointBuffer<Double>
    let collisionRadius: DisjointBuffer<Double>
    let velocity: DisjointBuffer<Vector>
    let stepScale: DisjointBuffer<Double>
}
