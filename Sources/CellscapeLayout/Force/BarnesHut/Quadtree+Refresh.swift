extension Quadtree {
    /// Sums every node's charge, centre of charge and second moments from the positions in `pointX` and
    /// `pointY`: leaves from their cells, the others from their four children (which come after them).
    func computeMoments() {
        let nodes = nodes.pointer
        for index in stride(from: nodeCount - 1, through: 0, by: -1) {
            let node = nodes[index]
            if node.isLeaf {
                sumLeaf(&nodes[index])
            } else {
                combineChildren(of: &nodes[index], children: nodes + Int(node.firstChild))
            }
        }
    }

    /// How far the cells have moved since the tree was built, at most, if none has moved `drift` times
    /// the side of its leaf or more; nil if one has (the tree must then be built anew), if the cells
    /// are not those of the tree, or if `drift` is 0.
    ///
    /// The leaf is the smallest square that holds the cell, so this bounds the cell's drift against
    /// every square above it too: what the opening tests of the walks were made with.
    func largestDrift(of cells: CellPointers, limit drift: Double) -> Double? {
        guard drift > 0, pointCount == cells.count, pointCount > 0 else { return nil }
        let points = points.pointer
        var largest = 0.0
        for leaf in 0..<leafCount {
            let node = nodes.pointer[Int(leaves.pointer[leaf])]
            let limit = drift * node.size
            for slot in Int(node.start)..<Int(node.end) {
                let index = Int(points[slot].index)
                let dx = cells.x[index] - points[slot].x
                let dy = cells.y[index] - points[slot].y
                let squared = dx * dx + dy * dy
                // Written so that a position that is not a number fails it too.
                guard squared < limit * limit else { return nil }
                largest = max(largest, squared)
            }
        }
        return largest.squareRoot()
    }

    /// Takes the cells' current positions, keeping every square, every cell's node and so the
    /// interaction plans made for this tree, and sums the moments again. For cells that
    /// ``largestDrift(of:limit:)`` accepted.
    func refresh(cells: CellPointers) {
        let points = points.pointer
        let pointX = pointX.pointer
        let pointY = pointY.pointer
        for slot in 0..<pointCount {
            let index = Int(points[slot].index)
            pointX[slot] = cells.x[index]
            pointY[slot] = cells.y[index]
        }
        computeMoments()
    }

    /// ``refresh(cells:)`` if ``largestDrift(of:limit:)`` accepts the cells; returns whether it did.
    func refresh(cells: CellPointers, drift: Double) -> Bool {
        guard largestDrift(of: cells, limit: drift) != nil else { return false }
        refresh(cells: cells)
        return true
    }

    @inline(__always)
    private func sumLeaf(_ node: inout QuadtreeNode) {
        let pointX = pointX.pointer
        let pointY = pointY.pointer
        let range = Int(node.start)..<Int(node.end)
        var sumX = 0.0
        var sumY = 0.0
        for slot in range {
            sumX += pointX[slot]
            sumY += pointY[slot]
        }
        let charge = Double(range.count)
        let centerX = charge > 0 ? sumX / charge : 0
        let centerY = charge > 0 ? sumY / charge : 0
        var momentXX = 0.0
        var momentXY = 0.0
        var momentYY = 0.0
        for slot in range {
            let dx = pointX[slot] - centerX
            let dy = pointY[slot] - centerY
            momentXX += dx * dx
            momentXY += dx * dy
            momentYY += dy * dy
        }
        (node.charge, node.centerX, node.centerY) = (charge, centerX, centerY)
        (node.momentXX, node.momentXY, node.momentYY) = (momentXX, momentXY, momentYY)
    }

    @inline(__always)
    private func combineChildren(of node: inout QuadtreeNode, children: UnsafeMutablePointer<QuadtreeNode>) {
        var charge = 0.0
        var sumX = 0.0
        var sumY = 0.0
        for child in 0..<4 {
            charge += children[child].charge
            sumX += children[child].charge * children[child].centerX
            sumY += children[child].charge * children[child].centerY
        }
        let centerX = sumX / charge
        let centerY = sumY / charge
        var momentXX = 0.0
        var momentXY = 0.0
        var momentYY = 0.0
        for child in 0..<4 {
            let dx = children[child].centerX - centerX
            let dy = children[child].centerY - centerY
            momentXX += children[child].momentXX + children[child].charge * dx * dx
            momentXY += children[child].momentXY + children[child].charge * dx * dy
            momentYY += children[child].momentYY + children[child].charge * dy * dy
        }
        (node.charge, node.centerX, node.centerY) = (charge, centerX, centerY)
        (node.momentXX, node.momentXY, node.momentYY) = (momentXX, momentXY, momentYY)
    }
}
