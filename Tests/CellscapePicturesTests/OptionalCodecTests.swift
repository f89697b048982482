import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// HEIF, AVIF and JPEG XL: their signatures, and the package each needs (their pixels are checked with
/// the other fixtures, in `FixtureDecodingTests`).
@Suite struct OptionalCodecTests {
    @Test func theirSignaturesAreKnown() throws {
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypavif".utf8)) == .heif)
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypheic".utf8)) == .heif)
        #expect(PictureHeader.optionalFormat(of: [0xFF, 0x0A, 0xFA]) == .jxl)
        #expect(PictureHeader.optionalFormat(of: Array("\0\0\0\u{18}ftypisom".utf8)) == nil, "an MP4 is no picture")
        #expect(PictureHeader.library(for: .heif)?.package == "libheif1")
        // Debian names libjxl by the version the build's headers are: libjxl0.7 on 12, libjxl0.11 on 13.
        let jxl = try #require(PictureHeader.library(for: .jxl)?.package)
        #expect(jxl.wholeMatch(of: /libjxl0\.(7|8|9|10|11|12)/) != nil, "\(jxl)")
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

/// A HEIF's header reads the boxes that describe the picture and seeks past its media data: a file whose
/// media data is 64 MB reads a few KB to learn its size.
@Suite(.enabled(if: PictureHeader.library(for: .heif)?.installed == true, "libheif1 is not installed"))
struct HEIFHeaderReadingTests {
    @Test(arguments: ["display-p3.heic", "display-p3-nclx.avif", "thumbnailed.heic"])
    func theHeaderReadsOnlyWhatItNeeds(name: String) throws {
        let fixture = try PictureFixtures.bytes(name)
        let expected = try #require(PictureHeader(fixture))
        // The media data box grown by 64 MB of padding at the file's end (offsets into it unchanged).
        var offset = 0
        var mdat: Int?
        while offset + 8 <= fixture.count {
            let size = fixture[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if fixture[offset + 4..<offset + 8].elementsEqual("mdat".utf8) { mdat = offset }
            guard size >= 8 else { break }
            offset += size
        }
        let at = try #require(mdat)
        try #require(offset == fixture.count, "the media data is the last box")
        let padding = 64 << 20
        let grown = fixture[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } + padding
        var bytes = fixture
        bytes.replaceSubrange(at..<at + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: grown >> (24 - 8 * $0)) })
        var read = 0
        var largest = 0
        let header = PictureHeader(reading: { start, count in
            let end = min(start + count, fixture.count + padding)
            guard start >= 0, start < end else { return [] }
            read += end - start
            largest = max(largest, count)
            // The padding is zeros, made only as far as asked.
            let head = start < bytes.count ? Array(bytes[start..<min(end, bytes.count)]) : []
            return head + [UInt8](repeating: 0, count: end - start - head.count)
        })
        #expect(header.map { [$0.width, $0.height] } == [expected.width, expected.height])
        #expect(read < 1 << 16, "\(read) bytes read")
        #expect(largest < 1 << 20, "asked for \(largest) bytes at once")
    }
}
