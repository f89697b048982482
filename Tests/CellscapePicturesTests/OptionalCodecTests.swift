import Testing

@testable import CellscapePictures

/// HEIF, AVIF and JPEG XL: their signatures, and the package each needs (their pixels are checked with
/// the other fixtures, in `FixtureDecodingTests`).
@Suite struct OptionalCodecTests {
    @Test func theirSignaturesAreKnown() {
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypavif".utf8)) == .heif)
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypheic".utf8)) == .heif)
        #expect(PictureHeader.optionalFormat(of: [0xFF, 0x0A, 0xFA]) == .jxl)
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypisom".utf8)) == nil, "an MP4 is no picture")
        #expect(PictureHeader.library(for: .heif)?.package == "libheif1")
    }
}
