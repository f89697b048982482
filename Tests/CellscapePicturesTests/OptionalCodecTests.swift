import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Testing

@testable import CellscapePictures

/// HEIF, AVIF and JPEG XL through the system's libheif and libjxl, loaded with dlopen: each matches
/// what an independent build of the decoders shows (pillow-heif; imagecodecs' libavif and libjxl).
/// CI installs the libraries (`.ci/run`); without them these would fail, not pass.
@Suite struct OptionalCodecTests {
    @Test(arguments: [
        ("photo.heic", 3, PictureHeader.Format.heif),
        ("photo.avif", 3, .heif),
        ("sticker.jxl", 1, .jxl),
    ])
    func picturesMatchTheReference(name: String, tolerance: Int, format: PictureHeader.Format) throws {
        let bytes = try PictureFixtures.bytes(name)
        let reference = try PictureFixtures.reference(name)
        let header = try #require(PictureHeader(bytes), "\(name): no header (is the library installed?)")
        #expect(header.format == format)
        #expect(header.width == reference.width && header.height == reference.height)
        let picture = try PictureDecoder.decode(bytes)
        #expect(picture.width == reference.width && picture.height == reference.height)
        let difference = PictureFixtures.difference(picture, reference.frames[0])
        #expect(difference <= tolerance, "\(name): \(difference)")
        let thumbnail = try PictureDecoder.decode(bytes, fitting: Size(width: 16, height: 16))
        #expect(max(thumbnail.width, thumbnail.height) == 16)
    }

    @Test func theirSignaturesAreKnown() {
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypavif".utf8)) == .heif)
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypheic".utf8)) == .heif)
        #expect(PictureHeader.optionalFormat(of: [0xFF, 0x0A, 0xFA]) == .jxl)
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypisom".utf8)) == nil, "an MP4 is no picture")
        #expect(PictureHeader.library(for: .heif)?.package == "libheif1")
    }
}
