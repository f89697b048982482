/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The same seed always gives the same sequence, on every platform, which makes layouts reproducible.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is decided by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniformly distributed number in `0..<1` with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Scrambles 64 bits; the finaliser of SplitMix64, also usable as a stateless hash.
    @inline(__always)
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
