import CPictureCodecs
import CellscapeFixtures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// The fast decoder of baseline JPEGs at 1/8 scale against libjpeg's own decode at that scale, on
/// pictures made with libjpeg: bit for bit, for grey, full and halved colour, odd sizes and restarts.
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

    /// The 1/8-scale pixels from the fast path, or nil where it declines.
    static func fast(_ data: [UInt8]) -> [UInt8]? {
        var picture = cellscape_picture()
        let handled = data.withUnsafeBufferPointer {
            cellscape_jpeg_decode_eighth($0.baseAddress, $0.count, 1, 1, 1e9, &picture)
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
                let fast = try #require(Self.fast(data), "\(size) restarts \(restartInterval)")
                let reference = try #require(Self.libjpeg(data))
                #expect(fast == reference, "\(chroma) \(size) restarts \(restartInterval)")
            }
        }
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

    @Test func thumbnailsOfBaselineJPEGsStayCloseToTheReference() throws {
        let frame = Framebuffer(width: 2000, height: 1000)
        for y in 0..<1000 {
            for x in 0..<2000 {
                let blue: UInt32 = (x / 64 + y / 80) % 2 == 0 ? 40 : 220
                frame[x, y] = 0xFF00_0000 | UInt32(x * 255 / 1999) << 16 | UInt32(y * 255 / 999) << 8 | blue
            }
        }
        let data = try #require(FixturePictures.jpeg(frame, quality: 95))
        #expect(Self.fast(data) != nil)
        let shrunk = try PictureDecoder.decode(data, fitting: Size(width: 240, height: 240))
        #expect(shrunk.width == 240 && shrunk.height == 120)
        let difference = PictureDecoderTests.difference(
            shrunk, PictureDecoderTests.reference(frame, width: 240, height: 120))
        // JPEG's loss and 8 px blocks against the exact 8.33 px area mean: measured 0.29 mean, 2 at most.
        #expect(difference.mean < 1 && difference.largest < 8, "\(difference)")
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
