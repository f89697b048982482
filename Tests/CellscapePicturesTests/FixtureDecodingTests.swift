import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// Every case of the fixtures decoded at full size against an independent decoder's pixels (see
/// `scripts/make-picture-fixtures`), composited over black and white.
@Suite struct FixtureDecodingTests {
    /// Fixture, largest difference allowed (of 255), and the header's format.
    @Test(arguments: [
        ("sticker-rgba.png", 1, PictureHeader.Format.png),
        ("palette-trns.png", 1, .png),
        ("grey8-trns.png", 1, .png),
        ("grey16-trns.png", 1, .png),
        ("grey-alpha.png", 1, .png),
        ("grey1.png", 0, .png),
        ("grey2.png", 0, .png),
        ("grey4.png", 0, .png),
        ("exif-orientation-6.png", 0, .png),
        ("garbage-between-segments.jpg", 1, .jpeg),
        ("app-length-wrong.jpg", 1, .jpeg),
        ("large-icc-segments.jpg", 1, .jpeg),
        ("adobe-cmyk.jpg", 1, .jpeg),
        ("exif-orientation-8.jpg", 1, .jpeg),
        ("tiny-2x2.jpg", 0, .jpeg),
        ("tiny-3x3.jpg", 0, .jpeg),
        ("tiny-5x3.jpg", 0, .jpeg),
        ("display-p3.jpg", 2, .jpeg),
        ("adobe-rgb.png", 2, .png),
        ("display-p3.webp", 2, .webp),
        ("sticker-lossless.webp", 1, .webp),
        ("lossy.webp", 1, .webp),
        ("still-sticker.gif", 0, .gif),
        ("animated.apng.png", 0, .png),
    ])
    func stillsMatchTheReference(name: String, tolerance: Int, format: PictureHeader.Format) throws {
        try Self.matchReference(name: name, tolerance: tolerance, format: format)
    }

    /// Through the system's libheif and libjxl (loaded with dlopen; the README's set-up installs them),
    /// against pillow-heif's and imagecodecs' own builds; skipped, saying so, where they are missing.
    /// The nclx AVIF's Display P3 has greens outside sRGB: where a channel clips to 0, one step of the
    /// decoded value (libheif's and libavif's YCbCr rounding differ) is up to nine of sRGB's dark end;
    /// without the conversion it is 116 off.
    @Test(
        .enabled(if: PictureHeader.library(for: .heif)?.installed == true, "libheif1 is not installed"),
        arguments: [("photo.heic", 3), ("photo.avif", 3), ("display-p3.heic", 4), ("display-p3-nclx.avif", 10)])
    func heifAndAVIFMatchTheReference(name: String, tolerance: Int) throws {
        try Self.matchReference(name: name, tolerance: tolerance, format: .heif)
    }

    @Test(
        .enabled(if: PictureHeader.library(for: .jxl)?.installed == true, "libjxl is not installed"),
        // Lossy: libjxl 0.11's decoder gives up to 7 levels from 0.7's, which made the reference.
        arguments: [("sticker.jxl", 1), ("display-p3-lossless.jxl", 3), ("display-p3-lossy.jxl", 8)])
    func jpegXLMatchesTheReference(name: String, tolerance: Int) throws {
        try Self.matchReference(name: name, tolerance: tolerance, format: .jxl)
    }

    static func matchReference(name: String, tolerance: Int, format: PictureHeader.Format) throws {
        let bytes = try PictureFixtures.bytes(name)
        let reference = try PictureFixtures.reference(name)
        let header = try #require(PictureHeader(bytes))
        #expect(header.format == format)
        #expect(header.width == reference.width && header.height == reference.height)
        let picture = try PictureDecoder.decode(bytes)
        #expect(picture.width == reference.width && picture.height == reference.height)
        let difference = PictureFixtures.difference(picture, reference.frames[0])
        #expect(difference <= tolerance, "\(name): \(difference)")
    }

    /// Every frame of each GIF disposal, of an animated WebP and of APNGs of every dispose and blend
    /// op, composited, against the reference (a broken APNG sequence: its default image alone).
    @Test(arguments: [
        "disposal-0.gif", "disposal-1.gif", "disposal-2.gif", "disposal-3.gif", "animated.webp",
        "apng-dispose0-blend0.png", "apng-dispose0-blend1.png", "apng-dispose1-blend0.png", "apng-dispose1-blend1.png",
        "apng-dispose2-blend0.png", "apng-dispose2-blend1.png", "apng-default-apart.png", "apng-bad-sequence.png",
        "apng-one-frame-default-apart.png",
    ])
    func everyFrameMatchesTheReference(name: String) throws {
        let bytes = try PictureFixtures.bytes(name)
        let reference = try PictureFixtures.reference(name)
        let header = try #require(PictureHeader(bytes))
        let frames = try PictureFrames(bytes, format: header.format, maximumPixels: 1e9)
        #expect(frames.width == reference.width && frames.height == reference.height)
        var index = 0
        while let frame = try frames.next() {
            try #require(index < reference.frames.count, "\(name): more frames than the reference")
            var downscale = AreaDownscale(
                sourceWidth: frames.width, sourceHeight: frames.height, width: frames.width, height: frames.height)
            for row in 0..<frames.height { downscale.add(row: frame.canvas + row * frames.width * 4) }
            let difference = PictureFixtures.difference(downscale.output, reference.frames[index])
            // FFmpeg blends APNG frames over with shifts for division by 255: a little off either way.
            let tolerance = name.hasPrefix("apng") ? 3 : 1
            #expect(difference <= tolerance, "\(name) frame \(index): \(difference)")
            index += 1
        }
        #expect(index == reference.frames.count)
    }

    /// An APNG's delays (a zero denominator counts hundredths), play count, and the default image a
    /// still decode shows; a broken one is a still.
    @Test func anAPNGPlaysAtItsDelaysAndCount() throws {
        func played(_ name: String) throws -> (delays: [Int], plays: Int, animated: Bool) {
            let bytes = try PictureFixtures.bytes(name)
            let frames = try PictureFrames(bytes, format: .png, maximumPixels: 1e9)
            var delays: [Int] = []
            while let frame = try frames.next() { delays.append(frame.milliseconds) }
            return (delays, frames.loopCount, try #require(PictureHeader(bytes)).isAnimated)
        }
        #expect(try played("apng-dispose1-blend1.png") == ([100, 40, 20, 250], 0, true))
        #expect(try played("apng-zero-denominator.png") == ([100, 50, 20, 250], 0, true))
        #expect(try played("apng-default-apart.png") == ([100, 100, 100, 100], 3, true))
        #expect(try played("apng-bad-sequence.png") == ([0], 1, true))
        #expect(try played("sticker-rgba.png") == ([0], 1, false))
    }

    /// An APNG whose default image is not one of its frames shows its first frame, still or playing, as
    /// browsers, Pillow and FFmpeg show it; one frame alone (acTL num_frames 1) is a still of that frame.
    @Test(arguments: ["apng-default-apart.png", "apng-one-frame-default-apart.png"])
    func aDefaultImageOutsideTheAnimationIsNotShown(name: String) throws {
        let bytes = try PictureFixtures.bytes(name)
        let header = try #require(PictureHeader(bytes))
        #expect(header.hidesDefaultImage)
        #expect(header.isAnimated == (name == "apng-default-apart.png"))
        let reference = try PictureFixtures.reference(name)
        let still = try PictureDecoder.decode(bytes)
        #expect(still.width == reference.width && still.height == reference.height)
        #expect(PictureFixtures.difference(still, reference.frames[0]) <= 3)
        #expect(still[5, 5] != 0xFFFF_FF00, "the default image (yellow) shows")
        let region = try PictureDecoder.decode(
            bytes, region: PictureRegion(x: 10, y: 0, width: 20, height: 32), fitting: nil)
        #expect(region[0, 5] == still[10, 5])
    }

    /// An APNG whose first frame is its default image, and a plain PNG, are decoded from their IDAT.
    @Test(arguments: ["apng-dispose1-blend1.png", "sticker-rgba.png", "apng-bad-sequence.png"])
    func aDefaultImageThatIsAFrameIsDecodedAsIs(name: String) throws {
        #expect(try #require(PictureHeader(try PictureFixtures.bytes(name))).hidesDefaultImage == false)
    }

    @Test func aGIFCutShortShowsTheFramesItHas() throws {
        let bytes = try PictureFixtures.bytes("truncated.gif")
        let frames = try PictureFrames(bytes, format: .gif, maximumPixels: 1e9)
        var count = 0
        while try frames.next() != nil { count += 1 }
        #expect(count == 4)
        #expect(throws: Never.self) { try PictureDecoder.decode(bytes) }
    }

    @Test(arguments: [
        ("disposal-0.gif", true), ("disposal-3.gif", true), ("still-sticker.gif", false), ("animated.webp", true),
        ("sticker-lossless.webp", false), ("lossy.webp", false), ("sticker-rgba.png", false),
    ])
    func headersSayWhichAreAnimated(name: String, animated: Bool) throws {
        #expect(try #require(PictureHeader(try PictureFixtures.bytes(name))).isAnimated == animated)
    }

    /// Every frame's canvas pixel at (`x`, `y`) as 0xRRGGBBAA.
    static func pixels(of name: String, x: Int, y: Int) throws -> [UInt32] {
        let frames = try PictureFrames(try PictureFixtures.bytes(name), format: .gif)
        var pixels: [UInt32] = []
        while let frame = try frames.next() {
            let at = frame.canvas + (y * frames.width + x) * 4
            pixels.append(UInt32(at[2]) << 24 | UInt32(at[1]) << 16 | UInt32(at[0]) << 8 | UInt32(at[3]))
        }
        return pixels
    }

    /// The palette of the hand-made GIFs: index i is (i, i, 255 - i).
    static func paletteColour(_ index: UInt32) -> UInt32 { index << 24 | index << 16 | (255 - index) << 8 | 0xFF }

    @Test func aFrameReachingOutsideTheCanvasIsClippedToIt() throws {
        #expect(try Self.pixels(of: "frame-outside-canvas.gif", x: 19, y: 15) == [10, 200].map(Self.paletteColour))
        #expect(try Self.pixels(of: "frame-outside-canvas.gif", x: 11, y: 15) == [10, 10].map(Self.paletteColour))
    }

    @Test func aFrameOfNoPixelsChangesNothingAndTheFramesAfterItPlay() throws {
        #expect(try Self.pixels(of: "zero-size-frame.gif", x: 2, y: 2) == [10, 10, 200].map(Self.paletteColour))
    }

    @Test func aGIFWithoutAPaletteShowsItsIndicesAsGrey() throws {
        #expect(try Self.pixels(of: "no-palette.gif", x: 3, y: 3) == [0x4D4D_4DFF])
    }

    /// A still WebP thumbnail comes from libwebp's scaled decoding: near the area mean of the full
    /// decode (libwebp shrinks the colour planes before it converts them, so sharp edges differ most).
    @Test func aStillWebPShrinksAsItDecodes() throws {
        let bytes = try PictureFixtures.bytes("lossy.webp")
        let whole = try PictureDecoder.decode(bytes)
        let half = try PictureDecoder.decode(bytes, fitting: Size(width: 24, height: 20))
        #expect(half.width == 24 && half.height == 20)
        var total = 0
        for y in 0..<20 {
            for x in 0..<24 {
                for shift: UInt32 in [0, 8, 16] {
                    let mean =
                        [(0, 0), (1, 0), (0, 1), (1, 1)].map { Int(whole[2 * x + $0.0, 2 * y + $0.1] >> shift & 0xFF) }
                        .reduce(0, +) / 4
                    total += abs(Int(half[x, y] >> shift & 0xFF) - mean)
                }
            }
        }
        let meanError = Double(total) / Double(24 * 20 * 3)
        #expect(meanError <= 3, "\(meanError)")
    }
}
