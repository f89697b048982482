extension NodeLanes {
    /// The ``LocalExpansion`` of the nodes kept, each at its offset from the expansion's centre (the
    /// centre minus the node's centre of charge): the field of every node and its first three
    /// derivatives there, four nodes at a time, each lane's sums added in a fixed order at the end.
    ///
    /// Four lanes of single precision, because node by node in double precision the fifteen sums
    /// weighed on every step. Offsets are relative to the expansion's
    /// centre, so single precision keeps them to a ten-millionth, and the sums' rounding stays far
    /// below the truncation error of the expansion. The first derivatives include each node's
    /// quadrupole term; the higher ones use the monopole only.
    func expansion() -> LocalExpansion {
        // Padding of no charge and no moments at unit distance: every term is a multiple of one or
        // the other, so it adds exact zeros.
        pad(x: 1, y: 0)
        let offsetX = UnsafeRawPointer(x.pointer)
        let offsetY = UnsafeRawPointer(y.pointer)
        let charges = UnsafeRawPointer(charge.pointer)
        let momentsXX = UnsafeRawPointer(momentXX.pointer)
        let momentsXY = UnsafeRawPointer(momentXY.pointer)
        let momentsYY = UnsafeRawPointer(momentYY.pointer)
        let one = SIMD4<Float>(repeating: 1)
        let two = SIMD4<Float>(repeating: 2)
        let three = SIMD4<Float>(repeating: 3)
        let four = SIMD4<Float>(repeating: 4)
        let six = SIMD4<Float>(repeating: 6)
        let fifteen = SIMD4<Float>(repeating: 15)
        let oneAndAHalf = SIMD4<Float>(repeating: 1.5)
        let sevenAndAHalf = SIMD4<Float>(repeating: 7.5)
        let fiftyTwoAndAHalf = SIMD4<Float>(repeating: 52.5)
        let hundredAndFive = SIMD4<Float>(repeating: 105)
        var sums = ExpansionLanes()
        for offset in stride(from: 0, to: count * 4, by: 16) {
            let dx = offsetX.lanes(offset)
            let dy = offsetY.lanes(offset)
            let charge = charges.lanes(offset)
            let momentXX = momentsXX.lanes(offset)
            let momentXY = momentsXY.lanes(offset)
            let momentYY = momentsYY.lanes(offset)
            let inverseSquare = one / (dx * dx + dy * dy)
            let inverseCube = inverseSquare * inverseSquare.squareRoot()
            let inverseFifth = inverseCube * inverseSquare
            let inverseSeventh = inverseFifth * inverseSquare
            let pushX = momentXX * dx + momentXY * dy
            let pushY = momentXY * dx + momentYY * dy
            let along = dx * pushX + dy * pushY
            let trace = momentXX + momentYY
            let radial = sevenAndAHalf * along * inverseSquare - oneAndAHalf * trace
            let monopole = charge * inverseCube
            sums.forceX += monopole * dx + inverseFifth * (radial * dx - three * pushX)
            sums.forceY += monopole * dy + inverseFifth * (radial * dy - three * pushY)
            sums.stiffness += monopole
            let fifth = three * charge * inverseFifth
            let seventh = fifteen * charge * inverseSeventh
            // The Jacobian of the monopole, then of the quadrupole term.
            let outer =
                sevenAndAHalf * trace * inverseSeventh - fiftyTwoAndAHalf * along * inverseSeventh * inverseSquare
            let isotropic = sevenAndAHalf * along * inverseSeventh - oneAndAHalf * trace * inverseFifth
            let mixed = fifteen * inverseSeventh
            let quadrupole = three * inverseFifth
            let squaredX = dx * dx
            let squaredY = dy * dy
            let crossed = dx * dy
            let diagonal = monopole + isotropic
            // Each term named and typed: Swift 6.0 gives up type-checking these sums written whole.
            // The order of the operations is as it was, so the sums are the same to the bit.
            let sharp: SIMD4<Float> = outer - fifth
            let twoMixed: SIMD4<Float> = two * mixed
            let stretchXX: SIMD4<Float> = twoMixed * pushX * dx
            let stretchXY: SIMD4<Float> = mixed * (pushY * dx + pushX * dy)
            let stretchYY: SIMD4<Float> = twoMixed * pushY * dy
            let heldXX: SIMD4<Float> = quadrupole * momentXX
            let heldXY: SIMD4<Float> = quadrupole * momentXY
            let heldYY: SIMD4<Float> = quadrupole * momentYY
            let alongXX: SIMD4<Float> = diagonal + sharp * squaredX
            let alongYY: SIMD4<Float> = diagonal + sharp * squaredY
            sums.xx += alongXX + stretchXX - heldXX
            sums.xy += sharp * crossed + stretchXY - heldXY
            sums.yy += alongYY + stretchYY - heldYY
            sums.xxx += dx * (seventh * squaredX - three * fifth)
            sums.xxy += dy * (seventh * squaredX - fifth)
            sums.xyy += dx * (seventh * squaredY - fifth)
            sums.yyy += dy * (seventh * squaredY - three * fifth)
            let ninth = hundredAndFive * charge * inverseSeventh * inverseSquare
            let sixSeventh = six * seventh
            let threeFifth = three * fifth
            sums.xxxx -= (ninth * squaredX - sixSeventh) * squaredX + threeFifth
            sums.xxxy -= crossed * (ninth * squaredX - three * seventh)
            sums.xxyy -= ninth * squaredX * squaredY - four * fifth
            sums.xyyy -= crossed * (ninth * squaredY - three * seventh)
            sums.yyyy -= (ninth * squaredY - sixSeventh) * squaredY + threeFifth
        }
        return sums.expansion
    }
}

/// The fifteen sums of a ``LocalExpansion``, one lane per node of four.
private struct ExpansionLanes {
    var forceX = SIMD4<Float>.zero
    var forceY = SIMD4<Float>.zero
    var stiffness = SIMD4<Float>.zero
    var xx = SIMD4<Float>.zero
    var xy = SIMD4<Float>.zero
    var yy = SIMD4<Float>.zero
    var xxx = SIMD4<Float>.zero
    var xxy = SIMD4<Float>.zero
    var xyy = SIMD4<Float>.zero
    var yyy = SIMD4<Float>.zero
    var xxxx = SIMD4<Float>.zero
    var xxxy = SIMD4<Float>.zero
    var xxyy = SIMD4<Float>.zero
    var xyyy = SIMD4<Float>.zero
    var yyyy = SIMD4<Float>.zero

    /// The lanes added up, in double precision.
    var expansion: LocalExpansion {
        func sum(_ lanes: SIMD4<Float>) -> Double {
            (Double(lanes[0]) + Double(lanes[1])) + (Double(lanes[2]) + Double(lanes[3]))
        }
        var expansion = LocalExpansion()
        expansion.forceX = sum(forceX)
        expansion.forceY = sum(forceY)
        expansion.stiffness = sum(stiffness)
        expansion.xx = sum(xx)
        expansion.xy = sum(xy)
        expansion.yy = sum(yy)
        expansion.xxx = sum(xxx)
        expansion.xxy = sum(xxy)
        expansion.xyy = sum(xyy)
        expansion.yyy = sum(yyy)
        expansion.xxxx = sum(xxxx)
        expansion.xxxy = sum(xxxy)
        expansion.xxyy = sum(xxyy)
        expansion.xyyy = sum(xyyy)
        expansion.yyyy = sum(yyyy)
        return expansion
    }
}
