import CellscapeFixtures
import CellscapeLayout
import CellscapePictures

/// An ICC profile of any bytes, embedded in a small JPEG's APP2 segment and a PNG's iCCP chunk: found,
/// opened by lcms2 and applied, or ignored.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let profile = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    for picture in [Seeds.jpeg(profile: profile), Seeds.png(profile: profile)] {
        _ = try? PictureDecoder.decode(picture, fitting: Size(width: 16, height: 16))
    }
    return 0
}

/// Tiny pictures that carry a given profile.
enum Seeds {
    /// An 8 x 8 JPEG with the profile in APP2 `ICC_PROFILE` chunks after its SOI.
    static func jpeg(profile: [UInt8]) -> [UInt8] {
        let frame = FixturePictures.pattern(width: 8, height: 8)
        guard let plain = FixturePictures.jpeg(frame), plain.count > 2 else { return [] }
        let chunks = stride(from: 0, to: max(1, profile.count), by: 65_519).map {
            Array(profile[$0..<min(profile.count, $0 + 65_519)])
        }
        var segments: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            let length = 2 + 12 + 2 + chunk.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE".utf8) + [0]
            segments += [UInt8(index + 1), UInt8(chunks.count)] + chunk
        }
        return Array(plain[0..<2]) + segments + Array(plain[2...])
    }

    /// An 8 x 8 PNG with the profile in an iCCP chunk (zlib, stored blocks) after its IHDR.
    static func png(profile: [UInt8]) -> [UInt8] {
        guard let plain = PictureEncoder.png(FixturePictures.pattern(width: 8, height: 8)), plain.count > 33 else {
            return []
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let block = Array(profile[offset..<min(profile.count, offset + 65_535)])
            offset += block.count
            let size = UInt16(block.count)
            zlib += [offset >= profile.count ? 1 : 0, UInt8(size & 0xFF), UInt8(size >> 8)]
            zlib += [UInt8(~size & 0xFF), UInt8(~size >> 8)] + block
        } while offset < profile.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in profile {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        zlib += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        let body = Array("iCCP".utf8) + Array("fuzz".utf8) + [0, 0] + zlib
        let length = UInt32(body.count - 4)
        let chunk =
            [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + body + crc32(body)
        return Array(plain[0..<33]) + chunk + Array(plain[33...])
    }

    private static func crc32(_ bytes: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
