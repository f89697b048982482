/// The move a cell's limits allow that is closest to the move it wants.
///
/// Each limit allows a half-plane of moves (`move . normal >= -halfGap`); together they allow a convex
/// polygon that always holds the zero move. The closest allowed move is the wanted move itself, or its
/// projection onto one limit's line, or a corner where two lines meet: a cell pressed between neighbours
/// slides along the one it can slide along and stops where it cannot. Unlike sliding along each limit
/// in turn, the answer does not depend on the order the neighbours come in, so a layout at rest tests at
/// rest whatever order its cells are stored in.
///
/// A crowded cell pressed inward wants a long move against 30 limits or so, and a search of every corner
/// cost 70% of a step. So the limits join one at a time, the most broken first (a dual active set): the
/// closest move under the limits that held the last answer and the new one is the next answer, never
/// nearer the wanted move than the last, until no limit is broken; at most two limits hold it in the plane.
extension MoveLimit {
    /// How far inside its limit a move that meets one is kept, in pixels: the rounding of a slide along
    /// a neighbour it touches would otherwise let it in by a few ulps.
    static let contactMargin = 1e-9

    static func closestAllowed(_ wanted: Vector, limits: UnsafeMutablePointer<Limit>, count: Int) -> Vector {
        var move = wanted
        var holding = Holding()
        // Each round adds a broken limit and the answer moves strictly away from the wanted move; a bound
        // on the rounds guards against rounding, and the zero move is always allowed.
        for _ in 0..<(2 * count + 2) {
            var broken = -1
            var worst = 0.0
            for entry in 0..<count {
                let limit = limits[entry]
                let excess = -limit.halfGap - (move.dx * limit.normalX + move.dy * limit.normalY)
                if excess > worst {
                    worst = excess
                    broken = entry
                }
            }
            guard broken >= 0 else { return move }
            holding.append(limits[broken])
            move = holding.closest(to: wanted)
        }
        return .zero
    }

    /// Up to three limits, and the closest move to a wanted one that they allow; left holding only those
    /// that hold that move (at most two in the plane). Kept inline: the heap cost more than the search.
    struct Holding {
        private var limits: (Limit, Limit, Limit)
        private(set) var count = 0

        init() {
            let none = Limit(normalX: 0, normalY: 0, halfGap: 0)
            limits = (none, none, none)
        }

        subscript(index: Int) -> Limit {
            get { index == 0 ? limits.0 : index == 1 ? limits.1 : limits.2 }
            set {
                switch index {
                case 0: limits.0 = newValue
                case 1: limits.1 = newValue
                default: limits.2 = newValue
                }
            }
        }

        mutating func append(_ limit: Limit) {
            self[count] = limit
            count += 1
        }

        /// The closest move to `wanted` that the limits allow: a projection onto one line or a corner of
        /// two, whichever is nearest of those every limit allows (the zero move if none).
        mutating func closest(to wanted: Vector) -> Vector {
            var best = Vector.zero
            var bestDistance = Double.infinity
            var held = Holding()
            for index in 0..<count {
                let limit = self[index]
                let along = wanted.dx * limit.normalX + wanted.dy * limit.normalY
                guard along < -limit.halfGap else { continue }
                let correction = along + limit.halfGap - contactMargin
                let move = Vector(
                    dx: wanted.dx - limit.normalX * correction, dy: wanted.dy - limit.normalY * correction)
                let distance = (move - wanted).squaredLength
                guard distance < bestDistance, allows(move) else { continue }
                (best, bestDistance, held) = (move, distance, Holding(limit))
            }
            for first in 0..<count {
                for second in (first + 1)..<max(count, first + 1) {
                    let one = self[first]
                    let other = self[second]
                    guard let corner = Self.corner(one, other, beyond: wanted) else { continue }
                    let distance = (corner - wanted).squaredLength
                    guard distance < bestDistance, allows(corner) else { continue }
                    (best, bestDistance, held) = (corner, distance, Holding(one, other))
                }
            }
            self = held
            return best
        }

        private init(_ first: Limit, _ second: Limit? = nil) {
            self.init()
            append(first)
            if let second { append(second) }
        }

        /// Where the lines of two limits meet, if the wanted move lies beyond that corner against both
        /// (corner = wanted + a n1 + b n2 with a and b positive).
        private static func corner(_ one: Limit, _ other: Limit, beyond wanted: Vector) -> Vector? {
            let determinant = one.normalX * other.normalY - one.normalY * other.normalX
            guard abs(determinant) > 1e-12 else { return nil }
            let oneTarget = contactMargin - one.halfGap
            let otherTarget = contactMargin - other.halfGap
            let corner = Vector(
                dx: (oneTarget * other.normalY - otherTarget * one.normalY) / determinant,
                dy: (one.normalX * otherTarget - other.normalX * oneTarget) / determinant)
            let push = corner - wanted
            let a = (push.dx * other.normalY - push.dy * other.normalX) / determinant
            let b = (one.normalX * push.dy - one.normalY * push.dx) / determinant
            return a >= 0 && b >= 0 ? corner : nil
        }

        private func allows(_ move: Vector) -> Bool {
            for index in 0..<count {
                let limit = self[index]
                if move.dx * limit.normalX + move.dy * limit.normalY < -limit.halfGap { return false }
            }
            return true
        }
    }
}
