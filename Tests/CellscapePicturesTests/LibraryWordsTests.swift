import CPictureEncoders
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// What a decoding library stops on is said in a user's words, never in the library's own ("Failed to
/// read from given file", "Backing store not supported").
@Suite struct LibraryWordsTests {
    static func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PictureDecoder.decode(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    /// A GIF whose LZW code size is 11 (at most 8 is valid): giflib said it failed to read the file.
    @Test func aGIFWithABadCodeSize() {
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
            + [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, 11, 2, 0x4C, 0x01, 0, 0x3B]
        #expect(Self.problem(gif) == "damaged or cut short GIF data")
    }

    /// A progressive JPEG whose coefficients need more than the memory a decode may take (9000 x 7000,
    /// colour kept whole: 378 MB): libjpeg said it had no backing store.
    @Test func aProgressiveJPEGTooLargeForTheMemoryAllowed() throws {
        let row = [UInt8](repeating: 0x80, count: 9_000 * 4)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        // Stride 0: every row is the one row given.
        let status = cellscape_jpeg_encode(row, 9_000, 7_000, 0, 50, 1, 0, 1, &output, &length)
        try #require(status == 0 && output != nil)
        defer { free(output) }
        let jpeg = Array(UnsafeBufferPointer(start: output, count: length))
        #expect(
            Self.problem(jpeg) == "a progressive JPEG of 9000x7000 pixels, too large to decode in the memory allowed")
    }

    /// A PNG whose header's checksum is wrong: libpng said "IHDR: CRC error".
    @Test func aPNGWithABadChecksum() throws {
        var png = try #require(PictureEncoder.png(Framebuffer(width: 2, height: 2)))
        png[29] ^= 0xFF  // the IHDR's CRC
        #expect(Self.problem(png) == "damaged PNG data: a checksum does not match")
    }

    /// A PNG whose header claims 100000 x 100000 pixels says it is too large, and by how much.
    @Test func aPNGTooLargeSaysByHowMuch() throws {
        var png = try #require(PictureEncoder.png(Framebuffer(width: 2, height: 2)))
        for offset in [16, 20] { png.replaceSubrange(offset..<offset + 4, with: [0x00, 0x01, 0x86, 0xA0]) }
        // The IHDR's CRC over its type and data, made again (CRC-32, as PNG's).
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in png[12..<29] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        png.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
        #expect(Self.problem(png) == "100000x100000 pixels is too large: 10000 megapixels, 10 times the 1000 allowed")
    }
}
