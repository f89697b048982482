import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// BlurHash placeholders against an independent decoder's pixels (`scripts/make-blurhash-fixtures`:
/// PyPI's `blurhash`): every count of components from 1x1 to 9x9, within 1 of 255 a channel.
@Suite struct BlurHashTests {
    struct Entry: Decodable {
        var hash: String
        var width: Int
        var height: Int
        var rgb: [Int]
    }

    @Test func everyHashDecodesToTheReferencePixels() throws {
        let data = try Data(PictureFixtures.bytes("blurhash.json"))
        let entries = try JSONDecoder().decode([Entry].self, from: data)
        try #require(entries.count >= 30)
        var counts = Set<Int>()
        for entry in entries {
            let hash = try #require(BlurHash(entry.hash), "\(entry.hash) not read")
            counts.insert(hash.columns * 10 + hash.rows)
            let picture = hash.picture(width: entry.width, height: entry.height)
            #expect(picture.width == entry.width && picture.height == entry.height)
            var largest = 0
            for y in 0..<entry.height {
                for x in 0..<entry.width {
                    let pixel = picture[x, y]
                    let at = (y * entry.width + x) * 3
                    #expect(pixel >> 24 == 255)
                    for (channel, shift) in [(0, 16), (1, 8), (2, 0)] {
                        largest = max(largest, abs(Int(pixel >> UInt32(shift) & 0xFF) - entry.rgb[at + channel]))
                    }
                }
            }
            #expect(largest <= 1, "\(entry.hash): off by \(largest)")
        }
        #expect(counts.contains(11) && counts.contains(99), "1x1 and 9x9 among the hashes")
    }

    @Test(arguments: [
        "", "LEHV6", "LEHV6nWB2yk8pyo0adR*.7kCMdn", "LEHV6nWB2yk8pyo0adR*.7kCMdnjX", "LEHV6nWB2yk8pyo0adR*.7kCMd\"j",
        "LEHV6nWB2yk8pyo0adR*.7kCMdnü",
    ])
    func aWrongHashIsRefused(text: String) {
        #expect(BlurHash(text) == nil)
    }
}
