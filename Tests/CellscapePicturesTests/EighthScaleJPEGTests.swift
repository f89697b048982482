import CPictureCodecs
import CellscapeFixtures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// The fast decoder of baseline JPEGs at 1/8 scale against libjpeg's own decode at that scale, on
/// pictures made with libjpeg: bit for bit, for grey, full and halved colour, odd sizes and restarts;
/// near the exact area mean where halved colour comes from its blocks' means (a picture shrunk after).
@Suite struct EighthScaleJPEGTests {
    /// A photo-like picture with sharp edges: smooth colour, grain, and bars.
    static func picture(width: Int, height: Int, seed: UInt64) -> Framebuffer {
        var random = SplitMix64(seed: seed)
        let frame = Framebuffer(width: width, height: height)
        let bar = 5 + Int(random.next() % 20)
        for y in 0..<height {
            for x in 0..<width {
                let grain = UInt32(random.next() % 24)
                let red = UInt32(x * 200 / max(1, width)) + grain
                let green = UInt32(y * 200 / max(1, height)) + grain
                let blue: UInt32 = (x / bar + y / (bar + 3)) % 2 == 0 ? 30 : 220
                frame[x, y] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
        return frame
    }

    /// The 1/8-scale pixels from the fast path, or nil where it declines; `fitting` is what the 1/8
    /// picture must be at least (halved colour comes from its means where it is a quarter larger).
    static func fast(_ data: [UInt8], fitting: (width: Int, height: Int) = (1, 1)) -> [UInt8]? {
        var picture = cellscape_picture()
        let handled = data.withUnsafeBufferPointer {
            cellscape_jpeg_decode_eighth(
                $0.baseAddress, $0.count, Int32(fitting.width), Int32(fitting.height), 1e9, &picture)
        }
        guard handled == 1, let pixels = picture.pixels else { return nil }
        defer { free(pixels) }
        return Array(UnsafeBufferPointer(start: pixels, count: Int(picture.stride * picture.height)))
    }

    /// libjpeg's decode at 1/8 scale, its rows one after another.
    static func libjpeg(_ data: [UInt8]) -> [UInt8]? {
        final class Rows {
            let size = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
            var bytes: [UInt8] = []
            init() { size.initialize(repeating: 0, count: 2) }
            deinit { size.deallocate() }
        }
        let rows = Rows()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { bytes in
            cellscape_jpeg_decode_rows(
                bytes.baseAddress, bytes.count, 1, 1, 1e9, nil, nil, rows.size, rows.size + 1,
                Unmanaged.passUnretained(rows).toOpaque(),
                { context, row, _ in
                    let rows = Unmanaged<Rows>.fromOpaque(context!).takeUnretainedValue()
                    rows.bytes += UnsafeBufferPointer(start: row, count: 4 * Int(rows.size[0]))
                }, &message, message.count)
        }
        return status == 0 ? rows.bytes : nil
    }

    @Test(arguments: FixturePictures.Chroma.allCases)
    func matchesLibjpegBitForBit(chroma: FixturePictures.Chroma) throws {
        for (index, size) in [(64, 48), (101, 37), (333, 250), (8, 8), (9, 1), (17, 33)].enumerated() {
            for restartInterval in [0, 1, 3] {
                let frame = Self.picture(width: size.0, height: size.1, seed: UInt64(index * 7 + restartInterval))
                let data = try #require(
                    FixturePictures.jpeg(frame, quality: 92, chroma: chroma, restartInterval: restartInterval))
                let eighth = ((size.0 + 7) / 8, (size.1 + 7) / 8)
                let fast = try #require(Self.fast(data, fitting: eighth), "\(size) restarts \(restartInterval)")
                let reference = try #require(Self.libjpeg(data))
                #expect(fast == reference, "\(chroma) \(size) restarts \(restartInterval)")
            }
        }
    }

    @Test(arguments: [FixturePictures.Chroma.full, .grey])
    func withoutHalvedColourItStaysBitForBitWhenShrunkAfter(chroma: FixturePictures.Chroma) throws {
        let frame = Self.picture(width: 1600, height: 1200, seed: 4)
        let data = try #require(FixturePictures.jpeg(frame, quality: 92, chroma: chroma, restartInterval: 3))
        #expect(try #require(Self.fast(data, fitting: (100, 75))) == (try #require(Self.libjpeg(data))))
    }

    @Test func declinesWhatItDoesNotTake() throws {
        let frame = Self.picture(width: 120, height: 80, seed: 3)
        let progressive = try #require(FixturePictures.jpeg(frame, progressive: true))
        #expect(Self.fast(progressive) == nil)
        #expect(Self.libjpeg(progressive) != nil)
        let baseline = try #require(FixturePictures.jpeg(frame))
        // Cut anywhere: either declined (libjpeg then decides) or a full picture, never a crash.
        for cut in stride(from: 2, to: baseline.count, by: 37) {
            if let pixels = Self.fast(Array(baseline.prefix(cut))) { #expect(pixels.count == 15 * 10 * 4) }
        }
        // Flipped bytes in the entropy-coded data: the same.
        var random = SplitMix64(seed: 9)
        for _ in 0..<300 {
            var damaged = baseline
            for _ in 0..<4 {
                let position = 300 + Int(random.next() % UInt64(baseline.count - 300))
                damaged[position] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            if let pixels = Self.fast(damaged) { #expect(pixels.count == 15 * 10 * 4) }
        }
    }

    /// Saturated blue bars on a colour ramp, shrunk to a 240 px tile. 2000 px wide, its 1/8 picture
    /// (250 px) is libjpeg's; 2400, 3000 and 4000 (300 to 500 px) take halved colour from its blocks'
    /// means. Bars of 64 px fall on the colour blocks' edges; bars of 57 px cross them.
    @Test(arguments: [2000, 2400, 3000, 4000], [64, 57])
    func thumbnailsOfBaselineJPEGsStayCloseToTheReference(width: Int, bar: Int) throws {
        let frame = Framebuffer(width: width, height: 1000)
        for y in 0..<1000 {
            for x in 0..<width {
                let blue: UInt32 = (x / bar + y / (bar + 16)) % 2 == 0 ? 40 : 220
                frame[x, y] = 0xFF00_0000 | UInt32(x * 255 / (width - 1)) << 16 | UInt32(y * 255 / 999) << 8 | blue
            }
        }
        let data = try #require(FixturePictures.jpeg(frame, quality: 95))
        #expect(Self.fast(data) != nil)
        let shrunk = try PictureDecoder.decode(data, fitting: Size(width: 240, height: 240))
        let height = 240 * 1000 / width
        #expect(shrunk.width == 240 && shrunk.height == height)
        let difference = PictureDecoderTests.difference(
            shrunk, PictureDecoderTests.reference(frame, width: 240, height: height))
        // JPEG's loss and its blocks against the exact area mean. Measured, on the blocks' edges: 0.33
        // mean and 2 at most (libjpeg's 1/8), 0.36 to 0.45 and 3 (colour by means); across them: 2.5
        // and 61 (libjpeg's 1/8), 4.4 to 6.7 and 81 (colour by means, where libjpeg's 2 x 2 colour
        // gives 1.2 to 2.0 and 53).
        let bound = bar == 64 ? (mean: 1.0, largest: 8) : (mean: 7.5, largest: 96)
        #expect(difference.mean < bound.mean && difference.largest < bound.largest, "\(difference)")
    }

    @Test func aProgressiveJPEGClaimingAHugeSizeFailsWithoutItsMemory() throws {
        var data = try #require(FixturePictures.jpeg(Self.picture(width: 64, height: 64, seed: 5), progressive: true))
        // The frame header (SOF2): precision, then height and width, each two bytes.
        let frame = try #require((0..<(data.count - 1)).first { data[$0] == 0xFF && data[$0 + 1] == 0xC2 })
        data.replaceSubrange((frame + 5)..<(frame + 9), with: [0x75, 0x30, 0x75, 0x30])  // 30000 x 30000
        #expect(PictureHeader(data)?.width == 30_000)
        // Its coefficients alone would take 5 GB; libjpeg is held to 192 MB and says so.
        #expect(throws: PictureDecoder.Failure.self) {
            try PictureDecoder.decode(data, fitting: Size(width: 240, height: 240))
        }
    }
}
