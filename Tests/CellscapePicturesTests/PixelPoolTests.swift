import CellscapeFixtures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// The pool that lends pictures at the window's size their memory, and the decoder drawing on it.
@Suite struct PixelPoolTests {
    /// The pixels of `frame`, row by row.
    static func pixels(_ frame: Framebuffer) -> [UInt32] {
        (0..<frame.height).flatMap { y in (0..<frame.width).map { x in frame[x, y] } }
    }

    @Test func theFirstBorrowerReservesEveryKeptBlock() {
        let pool = PixelPool(keptBlocks: 3)
        #expect(pool.state == (0, 0, 0))
        let frame = pool.framebuffer(width: 20, height: 10)
        withExtendedLifetime(frame) { #expect(pool.state == (1, 2, 200)) }
    }

    @Test func aBlockGivenBackIsLentAgainFilledAfresh() {
        let pool = PixelPool(keptBlocks: 1)
        var memory: UnsafeMutablePointer<UInt32>?
        do {
            let frame = pool.framebuffer(width: 20, height: 10)
            memory = frame.pixels
            frame.fill(Color(hex: 0xFF_0000))
            withExtendedLifetime(frame) { #expect(pool.state == (1, 0, 200)) }
        }
        #expect(pool.state == (0, 1, 200))
        // A smaller frame takes the same block, with no trace of the last one.
        let next = pool.framebuffer(width: 12, height: 9)
        #expect(next.pixels == memory)
        #expect((next.width, next.height, next.stride) == (12, 9, 12))
        #expect(next.rowCapacity == 200 / 12)
        #expect(Self.pixels(next).allSatisfy { $0 == Color.background.pixel })
        withExtendedLifetime(next) { #expect(pool.state == (1, 0, 200)) }
    }

    @Test func aLargerFrameReplacesEveryFreeBlockAndEachSmallerOneComingBack() {
        let pool = PixelPool(keptBlocks: 2)
        do {
            // The first reserves two blocks of 100 pixels; the second takes one of 400 in place of the free one.
            let frames = [pool.framebuffer(width: 10, height: 10), pool.framebuffer(width: 20, height: 20)]
            withExtendedLifetime(frames) { #expect(pool.state == (2, 0, 400)) }
        }
        // The block of 100 came back as one of 400.
        #expect(pool.state == (0, 2, 400))
        do {
            let large = pool.framebuffer(width: 30, height: 30)
            withExtendedLifetime(large) { #expect(pool.state == (1, 1, 900)) }
        }
        #expect(pool.state == (0, 2, 900))
        let small = pool.framebuffer(width: 15, height: 15)
        #expect(small.rowCapacity == 900 / 15)
    }

    @Test func withNoKeptBlocksEachFrameHasItsOwnMapping() {
        let pool = PixelPool(keptBlocks: 0)
        do {
            let frames = (0..<3).map { pool.framebuffer(width: 12 - $0, height: 10) }
            #expect(Set(frames.map(\.pixels)).count == 3)
            #expect(frames.map(\.rowCapacity) == [10, 10, 10], "each mapped at its own size")
            #expect(frames.allSatisfy { Self.pixels($0).allSatisfy { $0 == Color.background.pixel } })
            withExtendedLifetime(frames) { #expect(pool.state == (3, 0, 120)) }
        }
        #expect(pool.state == (0, 0, 120))
    }

    @Test func borrowersPastTheKeptBlocksHaveTheirsUnmappedWhenGivenBack() {
        let pool = PixelPool(keptBlocks: 2)
        var frames = (0..<5).map { _ in pool.framebuffer(width: 10, height: 10) }
        withExtendedLifetime(frames) { #expect(pool.state == (5, 0, 100)) }
        frames.removeAll()
        #expect(pool.state == (0, 2, 100))
    }

    @Test func threadsBorrowingAndGivingBackLeaveCountsWhole() {
        let pool = PixelPool(keptBlocks: 3)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                let frame = pool.framebuffer(width: 10 + (thread + round) % 7, height: 10)
                frame[0, 0] = UInt32(thread)
                #expect(frame[0, 0] == UInt32(thread))
            }
        }
        #expect(pool.state.lent == 0)
        #expect(pool.state.free == 3)
    }

    /// Random pictures, sizes and orientations: the decoder gives the same pixels with a pool, its
    /// blocks reused from one decode to the next, as without.
    @Test func decodingWithAPoolGivesTheSamePixels() throws {
        var random = SplitMix64(seed: 24)
        let pool = PixelPool(keptBlocks: 2)
        for round in 0..<12 {
            let width = 40 + Int(random.next() % 200)
            let height = 40 + Int(random.next() % 200)
            let frame = FixturePictures.pattern(width: width, height: height)
            var data = try #require(
                round % 3 == 2 ? PictureEncoder.png(frame) : FixturePictures.jpeg(frame, quality: 80 + round))
            if round % 3 == 1 {  // turned a quarter: the upright copy comes from the pool too
                data = PictureDecoderTests.withOrientation(data, 6, littleEndian: true)
            }
            let side = Double(8 + Int(random.next() % 300))
            let fitting = round % 4 == 0 ? nil : Size(width: side, height: side)
            let plain = try PictureDecoder.decode(data, fitting: fitting)
            let pooled = try PictureDecoder.decode(data, fitting: fitting, pool: pool)
            #expect((pooled.width, pooled.height) == (plain.width, plain.height))
            #expect(Self.pixels(pooled) == Self.pixels(plain))
        }
    }
}
