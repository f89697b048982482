import Foundation
import Testing

@testable import CellscapeLayout

/// The move limit's answer is the allowed move closest to the wanted one, checked against a search of
/// every candidate: the wanted move, each limit's projection, each corner of two, and the zero move.
@Suite struct MoveLimitTests {
    /// The closest move every limit allows, by trying every candidate (O(n^3)).
    static func bruteForceClosest(_ wanted: Vector, limits: [MoveLimit.Limit]) -> Vector {
        func allowed(_ move: Vector) -> Bool {
            limits.allSatisfy { move.dx * $0.normalX + move.dy * $0.normalY >= -$0.halfGap - 1e-9 }
        }
        var candidates = [wanted, .zero]
        for limit in limits {
            let along = wanted.dx * limit.normalX + wanted.dy * limit.normalY
            let correction = along + limit.halfGap
            candidates.append(
                Vector(dx: wanted.dx - limit.normalX * correction, dy: wanted.dy - limit.normalY * correction))
        }
        for first in limits.indices {
            for second in limits.indices where second > first {
                let (one, other) = (limits[first], limits[second])
                let determinant = one.normalX * other.normalY - one.normalY * other.normalX
                guard abs(determinant) > 1e-9 else { continue }
                candidates.append(
                    Vector(
                        dx: (-one.halfGap * other.normalY + other.halfGap * one.normalY) / determinant,
                        dy: (-one.normalX * other.halfGap + other.normalX * one.halfGap) / determinant))
            }
        }
        return candidates.filter(allowed).min { ($0 - wanted).length < ($1 - wanted).length }!
    }

    /// On random sets of up to 12 limits (a third of them touching: no gap), the answer is allowed by
    /// every limit and lies within 1e-5 px of the brute-force closest move (the answer keeps 1e-9 px inside
    /// a limit it meets, which a corner of two nearly parallel limits magnifies).
    @Test func theAnswerIsTheClosestAllowedMove() {
        var random = SplitMix64(seed: 31)
        let buffer = MoveLimit.Buffer()
        var limited = 0
        for _ in 0..<5_000 {
            let count = 1 + Int(random.nextUnit() * 12)
            var limits: [MoveLimit.Limit] = []
            for _ in 0..<count {
                let angle = random.nextUnit() * 2 * Double.pi
                let halfGap = random.nextUnit() < 1.0 / 3 ? 0 : random.nextUnit() * 6
                limits.append(MoveLimit.Limit(normalX: cos(angle), normalY: sin(angle), halfGap: halfGap))
            }
            for (index, limit) in limits.enumerated() { buffer.limits.pointer[index] = limit }
            let wanted = Vector(dx: (random.nextUnit() - 0.5) * 40, dy: (random.nextUnit() - 0.5) * 40)
            let move = MoveLimit.closestAllowed(wanted, limits: buffer.limits.pointer, count: count)
            let expected = Self.bruteForceClosest(wanted, limits: limits)
            #expect((move - expected).length < 1e-5, "\(wanted) under \(limits): \(move), not \(expected)")
            for limit in limits { #expect(move.dx * limit.normalX + move.dy * limit.normalY >= -limit.halfGap) }
            if move != wanted { limited += 1 }
        }
        #expect(limited > 2_000)
    }

    /// In a packed hexagonal crowd, where most cells want long moves and take short ones, the limit found
    /// from the near neighbours is the closest move allowed by every other cell.
    @Test func aCrowdedCellsMoveIsTheClosestThatEveryNeighbourAllows() {
        var store = CellStore()
        for (id, site) in PackedStart.sites(count: 400, spacing: 20.01).enumerated() {
            store.append(id: id, at: Point(x: 500, y: 500) + site, radius: 10)
        }
        let list = NeighbourGrid()
        store.withPointers { list.build(cells: $0, radii: $0.radius, squareSize: 22) }
        let buffer = MoveLimit.Buffer()
        var random = SplitMix64(seed: 8)
        for slot in 0..<store.count {
            let angle = random.nextUnit() * 2 * Double.pi
            let length = slot % 4 == 0 ? random.nextUnit() : 20
            let wanted = Vector(dx: cos(angle) * length, dy: sin(angle) * length)
            let (move, _, _) = MoveLimit.limit(wanted, slot: slot, largestRadius: 10, list: list.view, buffer: buffer)
            var limits: [MoveLimit.Limit] = []
            for other in 0..<store.count where other != slot {
                let (distance, dx, dy) = FastPathTests.separation(slot, other, in: list)
                limits.append(
                    MoveLimit.Limit(normalX: dx / distance, normalY: dy / distance, halfGap: max(distance - 20, 0) / 2))
            }
            let expected = Self.bruteForceClosest(wanted, limits: limits.filter { $0.halfGap < 25 })
            #expect((move - expected).length < 1e-6, "slot \(slot): \(move), not \(expected)")
        }
    }
}
