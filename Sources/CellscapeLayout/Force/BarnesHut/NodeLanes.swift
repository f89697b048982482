/// Quadtree nodes copied into single precision, one array per quantity, for loops that take four at a
/// time: each node's offset from a centre, its charge and its second moments.
///
/// The far nodes of an ``InteractionList`` and the nodes gathered for a ``LocalExpansion``
/// (``expansion()``) are kept this way.
final class NodeLanes {
    let x = ScratchBuffer<Float>()
    let y = ScratchBuffer<Float>()
    let charge = ScratchBuffer<Float>()
    let momentXX = ScratchBuffer<Float>()
    let momentXY = ScratchBuffer<Float>()
    let momentYY = ScratchBuffer<Float>()
    /// The nodes kept, padding included.
    @exclusivity(unchecked) private(set) var count = 0

    /// Forgets every node.
    func removeAll() { count = 0 }

    /// Keeps `node`, at offset (`x`, `y`).
    @inline(__always)
    func append(x: Double, y: Double, node: QuadtreeNode) {
        append(
            x: Float(x), y: Float(y), charge: Float(node.charge), xx: Float(node.momentXX),
            xy: Float(node.momentXY), yy: Float(node.momentYY))
    }

    /// Pads with nodes of no charge and no moments at (`x`, `y`) up to a multiple of four.
    func pad(x: Float, y: Float) {
        while count % 4 != 0 { append(x: x, y: y, charge: 0, xx: 0, xy: 0, yy: 0) }
    }

    private func append(x: Float, y: Float, charge: Float, xx: Float, xy: Float, yy: Float) {
        let index = count
        count += 1
        if count > self.x.capacity {
            for buffer in [self.x, self.y, self.charge, momentXX, momentXY, momentYY] {
                buffer.reserve(count, keeping: index)
            }
        }
        self.x.pointer[index] = x
        self.y.pointer[index] = y
        self.charge.pointer[index] = charge
        momentXX.pointer[index] = xx
        momentXY.pointer[index] = xy
        momentYY.pointer[index] = yy
    }
}
