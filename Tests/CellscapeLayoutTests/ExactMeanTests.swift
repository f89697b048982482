import Testing

@testable import CellscapeLayout

/// The exact mean: the write-up's vector, extremes, empty input, random inputs against a reference.
@Suite struct ExactMeanTests {
    static let vector: [Int64] = [
        2_988_139_172_152_746_883, 4_545_331_521_850_540_616, 5_693_938_727_954_663_282, 5_884_889_191_787_885_217,
        3_111_881_160_526_182_838, 8_720_326_064_806_005_009, 8_427_311_181_199_404_053, 7_983_003_740_783_657_027,
        2_965_909_035_096_967_706, 1_211_883_882_534_796_072, 5_703_029_716_464_526_164, 8_424_273_336_993_151_821,
        774_296_368_044_414_872, 14_130_533_330_426_236, 2_230_589_047_337_383_318, 8_337_015_733_785_964_014,
        9_153_431_205_551_083_918, 3_249_272_057_022_384_528, 8_254_667_294_021_634_003, 6_758_234_862_357_239_854,
    ]

    @Test func theWriteUpsVectorInAnyOrder() throws {
        var random = SplitMix64(seed: 20)
        var orders = [Self.vector, Self.vector.reversed(), Self.vector.sorted(), Self.vector.sorted().reversed()]
        for _ in 0..<500 {
            var shuffled = Self.vector
            for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
            }
            orders.append(shuffled)
        }
        for order in orders {
            let mean = try ExactMean(order).value()
            #expect(mean.quotient == 5_221_577_691_680_052_871 && mean.remainder == 11 && mean.count == 20)
            #expect(mean.nearest == 5_221_577_691_680_052_871.55)
        }
        // The rolling formula of the write-up is off by 131.55; the running form here is not.
        var running = ExactMean()
        for sample in Self.vector { running.add(sample) }
        #expect(try running.value().quotient == 5_221_577_691_680_052_871)
    }

    @Test func extremesDoNotOverflow() throws {
        let both = try ExactMean([Int64.min, Int64.max]).value()
        #expect(both.quotient == -1 && both.remainder == 1 && both.nearest == -0.5)
        let highs = try ExactMean(Array(repeating: Int64.max, count: 1000)).value()
        #expect(highs.quotient == Int64.max && highs.remainder == 0 && highs.nearest == 9_223_372_036_854_775_807.0)
        let lows = try ExactMean(Array(repeating: Int64.min, count: 1000) + [Int64.max]).value()
        #expect(lows.quotient == -9_204_943_721_096_824_208 && lows.remainder == 15 && lows.count == 1001)
        let third = try ExactMean([1, 0, 0]).value()
        #expect(third.quotient == 0 && third.remainder == 1 && third.nearest == 1.0 / 3.0)
        let negativeThird = try ExactMean([-1, 0, 0]).value()
        #expect(negativeThird.quotient == -1 && negativeThird.remainder == 2 && negativeThird.nearest == -1.0 / 3.0)
    }

    @Test func anEmptyMeanIsAnError() {
        #expect(throws: ExactMean.EmptyError.self) { try ExactMean().value() }
        var mean = ExactMean([5])
        mean.remove(5)
        #expect(mean.nearest == nil)
    }

    /// Floor division written another way, and the nearest double checked by exact distances.
    @Test func randomInputsMatchA128BitReference() throws {
        var random = SplitMix64(seed: 21)
        for round in 0..<2_000 {
            let count = 1 + Int(random.next() % 300)
            let samples = (0..<count).map { _ in
                round % 2 == 0
                    ? Int64(bitPattern: random.next()) : Int64(bitPattern: random.next() % 2001) - 1000
            }
            let mean = try ExactMean(samples).value()
            var sum: Int128 = 0
            for sample in samples { sum += Int128(sample) }
            let n = Int128(count)
            let remainder = ((sum % n) + n) % n
            #expect(Int128(mean.remainder) == remainder)
            #expect(Int128(mean.quotient) == (sum - remainder) / n)
            // No neighbouring double is nearer to sum / n than the answer, by exact integer distances.
            let answer = mean.nearest
            let candidates = [answer, answer.nextUp, answer.nextDown]
            let scale = candidates.map { $0 == 0 ? 0 : max(0, 52 - Int($0.exponent)) }.max()!
            func distance(_ value: Double) -> UInt128 {
                guard value != 0 else { return (sum << scale).magnitude }
                let shift = 52 - Int(value.exponent)
                let mantissa = Int128(value.significand * 0x1p52) * (value < 0 ? -1 : 1)
                let scaled = shift >= 0 ? mantissa << (scale - shift) : mantissa << (-shift + scale)
                return (scaled * n - (sum << scale)).magnitude
            }
            #expect(distance(answer) <= distance(answer.nextUp) && distance(answer) <= distance(answer.nextDown))
        }
    }

    @Test func aSlidingWindowAddsAndRemoves() throws {
        var window = ExactMean()
        for sample: Int64 in [10, 20, 30, 40] { window.add(sample) }
        window.remove(10)
        #expect(try window.value().description == "30 + 0/3")
    }
}
