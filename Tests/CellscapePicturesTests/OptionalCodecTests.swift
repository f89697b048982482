import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation
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

/// A HEIF carrying a thumbnail item: a tile decodes that instead of the whole picture, an image at the
/// window's size the whole picture.
@Suite(.enabled(if: PictureHeader.library(for: .heif)?.installed == true, "libheif1 is not installed"))
struct HEIFThumbnailItemTests {
    static func decodedSize(_ bytes: [UInt8], atLeast side: Int32) -> (width: Int32, height: Int32)? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer {
            cellscape_heif_decode(
                $0.baseAddress, $0.count, 1e8, side, side * 3 / 4, &pixels, &width, &height, &message, 256)
        }
        defer { free(pixels) }
        return status == 0 ? (width, height) : nil
    }

    @Test func aTileDecodesTheSmallestThumbnailItemThatServes() throws {
        let bytes = try PictureFixtures.bytes("thumbnailed.heic")
        #expect(PictureHeader(bytes).map { [$0.width, $0.height] } == [640, 480])
        #expect(Self.decodedSize(bytes, atLeast: 128).map { [$0.width, $0.height] } == [160, 120])
        #expect(Self.decodedSize(bytes, atLeast: 320).map { [$0.width, $0.height] } == [640, 480])
        #expect(Self.decodedSize(bytes, atLeast: 0).map { [$0.width, $0.height] } == [640, 480])
        let tile = try PictureDecoder.decode(bytes, fitting: Size(width: 128, height: 128))
        #expect(tile.width == 128 && tile.height == 96)
    }
}
