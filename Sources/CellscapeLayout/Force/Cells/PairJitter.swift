/// A direction for two cells that sit exactly on top of each other, drawn from the layout's seed.
///
/// The direction depends only on the seed and the two cells' ids, so it is the same whichever thread
/// asks and in whichever order; swapping the cells reverses it, so the pair is pushed apart.
struct PairJitter {
    var seed: UInt64

    /// The unit vector along which the cell `id` is pushed away from the cell `otherID`.
    @inline(__always)
    func direction(from otherID: Int, to id: Int) -> (x: Double, y: Double) {
        let low = UInt64(UInt(bitPattern: min(id, otherID)))
        let high = UInt64(UInt(bitPattern: max(id, otherID)))
        var random = SplitMix64(seed: seed ^ SplitMix64.mix(low &* 0x1_0000_0001 ^ high))
        var x = 0.0
        var y = 0.0
        var squaredLength = 0.0
        repeat {
            x = 2 * random.nextUnit() - 1
            y = 2 * random.nextUnit() - 1
            squaredLength = x * x + y * y
        } while squaredLength > 1 || squaredLength < 1e-12
        let sign: Double = id < otherID ? -1 : 1
        let scale = sign / squaredLength.squareRoot()
        return (x * scale, y * scale)
    }
}
