import CellscapeFixtures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// Headers, decoders and orientations, against pictures the tests make with libjpeg and libpng.
@Suite struct PictureDecoderTests {
    static func pattern(width: Int, height: Int) -> Framebuffer {
        FixturePictures.pattern(width: width, height: height)
    }

    static func jpeg(_ frame: Framebuffer, quality: Int = 90) -> [UInt8] {
        FixturePictures.jpeg(frame, quality: quality)!
    }

    static func png(_ frame: Framebuffer) throws -> [UInt8] {
        try #require(PictureEncoder.png(frame))
    }

    /// A JPEG with an EXIF APP1 segment (little- or big-endian TIFF) carrying `orientation`.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: Int, littleEndian: Bool) -> [UInt8] {
        func two(_ value: Int) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        func four(_ value: Int) -> [UInt8] {
            littleEndian ? two(value & 0xFFFF) + two(value >> 16) : two(value >> 16) + two(value & 0xFFFF)
        }
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + two(42) + four(8)
        tiff += two(1) + two(0x0112) + two(3) + four(1) + two(orientation) + two(0) + four(0)
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// The exact area downscale of `frame` to `width` x `height`, computed plainly: each output pixel
    /// is the mean of the source area it covers, source pixels weighted by the part of them inside it.
    static func reference(_ frame: Framebuffer, width: Int, height: Int) -> Framebuffer {
        let scaleX = Double(frame.width) / Double(width)
        let scaleY = Double(frame.height) / Double(height)
        /// The part of source pixel `index` inside [start, end).
        func overlap(_ index: Int, _ start: Double, _ end: Double) -> Double {
            max(0, min(Double(index + 1), end) - max(Double(index), start))
        }
        let result = Framebuffer(width: width, height: height)
        for y in 0..<height {
            let (top, bottom) = (Double(y) * scaleY, Double(y + 1) * scaleY)
            for x in 0..<width {
                let (left, right) = (Double(x) * scaleX, Double(x + 1) * scaleX)
                var sums = [0.0, 0.0, 0.0]
                for sourceY in Int(top)..<min(frame.height, Int(bottom.rounded(.up))) {
                    for sourceX in Int(left)..<min(frame.width, Int(right.rounded(.up))) {
                        let weight = overlap(sourceX, left, right) * overlap(sourceY, top, bottom)
                        let pixel = frame[sourceX, sourceY]
                        for channel in 0..<3 { sums[channel] += weight * Double(pixel >> (8 * channel) & 0xFF) }
                    }
                }
                let mean = sums.map { UInt32(($0 / (scaleX * scaleY)).rounded()) }
                result[x, y] = 0xFF00_0000 | mean[2] << 16 | mean[1] << 8 | mean[0]
            }
        }
        return result
    }

    /// The largest and the mean difference of any channel between two frames of one size.
    static func difference(_ first: Framebuffer, _ second: Framebuffer) -> (largest: Int, mean: Double) {
        var largest = 0
        var total = 0
        for y in 0..<first.height {
            for x in 0..<first.width {
                for shift in [0, 8, 16] as [UInt32] {
                    let delta = abs(Int(first[x, y] >> shift & 0xFF) - Int(second[x, y] >> shift & 0xFF))
                    largest = max(largest, delta)
                    total += delta
                }
            }
        }
        return (largest, Double(total) / Double(3 * first.width * first.height))
    }

    @Test func headersGiveFormatSizeAndOrientation() throws {
        let frame = Self.pattern(width: 300, height: 200)
        let png = try #require(PictureHeader(try Self.png(frame)))
        #expect(png.format == .png && png.width == 300 && png.height == 200 && png.orientation == .upright)
        let jpeg = Self.jpeg(frame)
        let plain = try #require(PictureHeader(jpeg))
        #expect(plain.format == .jpeg && plain.width == 300 && plain.height == 200)
        for orientation in PictureOrientation.allCases {
            for littleEndian in [true, false] {
                let header = try #require(
                    PictureHeader(Self.withOrientation(jpeg, orientation.rawValue, littleEndian: littleEndian)))
                #expect(header.orientation == orientation)
                #expect(header.storedWidth == 300 && header.storedHeight == 200)
                #expect((header.width, header.height) == (orientation.swapsSides ? (200, 300) : (300, 200)))
            }
        }
    }

    @Test func aPNGShrinksToTheExactAreaMean() throws {
        let frame = Self.pattern(width: 410, height: 307)
        let shrunk = try PictureDecoder.decode(try Self.png(frame), fitting: Size(width: 100, height: 100))
        #expect(shrunk.width == 100 && shrunk.height == 75)
        // Integer shares against doubles: at most a rounding apart.
        #expect(Self.difference(shrunk, Self.reference(frame, width: 100, height: 75)).largest <= 1)
        let full = try PictureDecoder.decode(try Self.png(frame))
        #expect(Self.difference(full, frame).largest == 0)
    }

    @Test func aJPEGShrinksCloseToTheReference() throws {
        let frame = Self.pattern(width: 640, height: 480)
        let shrunk = try PictureDecoder.decode(Self.jpeg(frame, quality: 95), fitting: Size(width: 120, height: 120))
        #expect(shrunk.width == 120 && shrunk.height == 90)
        let difference = Self.difference(shrunk, Self.reference(frame, width: 120, height: 90))
        // JPEG's own loss and the DCT's scaled decode: measured 0.33 mean, 2 at most, at quality 95.
        #expect(difference.mean < 1 && difference.largest < 6, "\(difference)")
    }

    @Test func everyOrientationShowsThePictureUpright() throws {
        // A 4 x 2 picture with a marked corner: stored (0, 0) is red.
        let stored = Framebuffer(width: 4, height: 2)
        stored.fill(.background)
        stored[0, 0] = 0xFFFF_0000
        let expected: [PictureOrientation: (Int, Int)] = [
            .upright: (0, 0), .mirrored: (3, 0), .upsideDown: (3, 1), .upsideDownMirrored: (0, 1),
            .quarterTurnMirrored: (0, 0), .quarterTurnClockwise: (1, 0), .quarterTurnClockwiseMirrored: (1, 3),
            .quarterTurnCounterclockwise: (0, 3),
        ]
        for (orientation, corner) in expected {
            let shown = PictureDecoder.upright(stored, orientation: orientation)
            #expect((shown.width, shown.height) == (orientation.swapsSides ? (2, 4) : (4, 2)), "\(orientation)")
            #expect(shown[corner.0, corner.1] == 0xFFFF_0000, "\(orientation)")
        }
    }

    @Test func badPicturesGiveOneLineAndNoCrash() throws {
        let jpeg = Self.jpeg(Self.pattern(width: 64, height: 64))
        let png = try Self.png(Self.pattern(width: 64, height: 64))
        var huge = png
        huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])  // 100,000 x 100,000
        let cases: [[UInt8]] = [
            [], Array("just some text, named .jpg".utf8), Array(jpeg.prefix(300)), Array(png.prefix(100)), huge,
            Array(jpeg.prefix(2)) + Array(repeating: 0xFF, count: 40),
        ]
        for data in cases {
            #expect(throws: PictureDecoder.Failure.self) { try PictureDecoder.decode(data, fitting: nil) }
            do {
                _ = try PictureDecoder.decode(data, fitting: Size(width: 32, height: 32))
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
        }
    }
}

/// What a file that gives no header is said to be, by the loader's header and by a decode alike.
@Suite struct PictureProblemTests {
    @Test(arguments: [
        ([UInt8](), "empty file"),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], "a JPEG cut short or damaged before its size"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], "a PNG cut short or damaged before its size"),
        (Array("GIF89a".utf8), "a GIF cut short or damaged before its size"),
        (Array("# Cellscape\n".utf8), "not a picture: it holds text"),
        ([0x00, 0x9C, 0x01], "not a picture"),
    ])
    func aFileWithoutAHeaderSaysWhy(bytes: [UInt8], problem: String) {
        #expect(PictureHeader.problem(of: bytes).description == problem)
        do {
            _ = try PictureDecoder.decode(bytes)
            Issue.record("decoded")
        } catch {
            #expect(error.description == problem)
        }
    }
}
