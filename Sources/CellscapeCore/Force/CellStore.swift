/// The cells of a force-directed layout as a structure of arrays, one array per attribute.
///
/// Index `i` of every array describes the same cell; the order is the order in which cells were added.
struct CellStore: Hashable {
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
        ids.append(id)
        x.append(position.x)
        y.append(position.y)
        radius.append(cellRadius)
        collisionRadius.append(grown ? cellRadius : 0)
        velocity.append(.zero)
        stepScale.append(1)
    }

    mutating func remove(at index: Int) {
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

    func cell(at index: Int) -> Cell {
        Cell(id: ids[index], position: Point(x: x[index], y: y[index]), radius: radius[index])
    }

    /// Calls `body` with pointers to every attribute; valid only inside `body`, and only when `count > 0`.
    mutating func withPointers<Result>(_ body: (CellPointers) -> Result) -> Result {
        ids.withUnsafeMutableBufferPointer { ids in
            x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    radius.withUnsafeMutableBufferPointer { radius in
                        collisionRadius.withUnsafeMutableBufferPointer { collisionRadius in
                            velocity.withUnsafeMutableBufferPointer { velocity in
                                stepScale.withUnsafeMutableBufferPointer { stepScale in
                                    body(
                                        CellPointers(
                                            count: ids.count, ids: ids.baseAddress!, x: x.baseAddress!,
                                            y: y.baseAddress!, radius: radius.baseAddress!,
                                            collisionRadius: collisionRadius.baseAddress!,
                                            velocity: velocity.baseAddress!, stepScale: stepScale.baseAddress!))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Raw pointers to the arrays of a ``CellStore``, handed to the passes of one step.
struct CellPointers {
    let count: Int
    let ids: UnsafeMutablePointer<Int>
    let x: UnsafeMutablePointer<Double>
    let y: UnsafeMutablePointer<Double>
    let radius: UnsafeMutablePointer<Double>
    let collisionRadius: UnsafeMutablePointer<Double>
    let velocity: UnsafeMutablePointer<Vector>
    let stepScale: UnsafeMutablePointer<Double>
}
