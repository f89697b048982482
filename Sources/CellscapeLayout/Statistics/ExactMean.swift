/// The exact mean of `Int64` samples, kept as a 128-bit sum and a count: no overflow for any inputs
/// (`Int64.min` and `Int64.max` included), and no rounding until a `Double` is asked for.
///
/// Adding (or removing) a sample is O(1), so it serves as a running mean, as the HUD and the benchmarks use
/// it for frame times in nanoseconds. ``value()`` gives the mean as a floor-division quotient and
/// remainder, and the `Double` nearest to it; an empty mean is an error, not zero.
public struct ExactMean: Hashable, Sendable {
    /// The mean of no samples.
    public struct EmptyError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String { "the mean of no samples is undefined" }
    }

    /// The mean, exactly: `quotient + remainder / count`, with `0 <= remainder < count`.
    public struct Value: Hashable, Sendable, CustomStringConvertible {
        /// The mean rounded down.
        public var quotient: Int64
        /// What is left over, from 0 up to `count - 1`.
        public var remainder: Int64
        /// The number of samples.
        public var count: Int64
        /// The `Double` nearest to the exact mean (ties to even).
        public var nearest: Double

        /// `quotient + remainder/count`.
        public var description: String { "\(quotient) + \(remainder)/\(count)" }
    }

    /// How many samples there are.
    public private(set) var count: Int64 = 0
    /// Their sum, which cannot overflow: 2^63 samples of magnitude at most 2^63 need 127 bits.
    public private(set) var sum: Int128 = 0

    /// No samples.
    public init() {}

    /// The mean of these samples.
    public init<Samples: Sequence>(_ samples: Samples) where Samples.Element == Int64 {
        for sample in samples { add(sample) }
    }

    /// Adds one sample. O(1).
    public mutating func add(_ sample: Int64) {
        sum += Int128(sample)
        count += 1
    }

    /// Removes a sample added before (for a mean over a sliding window). O(1).
    public mutating func remove(_ sample: Int64) {
        precondition(count > 0, "removing a sample from an empty mean")
        sum -= Int128(sample)
        count -= 1
    }

    /// The exact mean; throws ``EmptyError`` when there are no samples.
    public func value() throws(EmptyError) -> Value {
        guard count > 0 else { throw EmptyError() }
        let divisor = Int128(count)
        var quotient = sum / divisor
        var remainder = sum % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return Value(
            quotient: Int64(quotient), remainder: Int64(remainder), count: count,
            nearest: Self.nearestDouble(sum, count))
    }

    /// The mean as the nearest `Double`, or `nil` when there are no samples.
    public var nearest: Double? { try? value().nearest }

    /// The `Double` nearest to `sum / count`: the magnitude's quotient and as many 64-bit chunks of its
    /// fraction as it takes to hold 56 significant bits, then one rounding to 53 bits (ties to even) with
    /// a sticky bit for whatever remainder is left.
    static func nearestDouble(_ sum: Int128, _ count: Int64) -> Double {
        let divisor = UInt128(count)
        var fixed = sum.magnitude / divisor  // at most 2^63
        var rest = sum.magnitude % divisor
        var fractionBits = 0
        repeat {
            fixed = fixed << 64 | (rest << 64) / divisor
            rest = (rest << 64) % divisor
            fractionBits += 64
        } while 128 - fixed.leadingZeroBitCount <= 55 && rest != 0 && fractionBits < 256
        let length = 128 - fixed.leadingZeroBitCount
        var magnitude: Double
        if length <= 53 {
            // Only when the division came out exact (or is zero): no rounding at all.
            magnitude = Double(fixed) * Double(sign: .plus, exponent: -fractionBits, significand: 1)
        } else {
            let shift = length - 53
            var mantissa = fixed >> shift
            let dropped = fixed & ((UInt128(1) << shift) - 1)
            let half = UInt128(1) << (shift - 1)
            if dropped > half || (dropped == half && (rest != 0 || mantissa & 1 == 1)) { mantissa += 1 }
            magnitude = Double(mantissa) * Double(sign: .plus, exponent: shift - fractionBits, significand: 1)
        }
        return sum < 0 ? -magnitude : magnitude
    }
}
