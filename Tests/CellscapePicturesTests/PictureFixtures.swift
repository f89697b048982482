import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// The fixtures made by `scripts/make-picture-fixtures` and their reference pixels.
enum PictureFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path

    /// The bytes of fixture `name`; a missing one fails the test.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: "\(folder)/\(name)"), "no fixture \(name)"))
    }

    /// The reference frames of fixture `name`: straight R, G, B, A bytes per frame.
    static func reference(_ name: String) throws -> (width: Int, height: Int, frames: [[UInt8]]) {
        let data = try bytes(name + ".rgba")
        let width = Int(UInt32(data[0]) | UInt32(data[1]) << 8 | UInt32(data[2]) << 16 | UInt32(data[3]) << 24)
        let height = Int(UInt32(data[4]) | UInt32(data[5]) << 8 | UInt32(data[6]) << 16 | UInt32(data[7]) << 24)
        let size = width * height * 4
        try #require(size > 0 && (data.count - 8) % size == 0)
        let frames = stride(from: 8, to: data.count, by: size).map { Array(data[$0..<$0 + size]) }
        return (width, height, frames)
    }

    /// The largest difference, over every pixel and channel, between a decoded picture (premultiplied
    /// `0xAARRGGBB`) and a reference frame, both composited over black and over white: what a viewer
    /// shows, whatever colour a transparent pixel stores.
    static func difference(_ picture: Framebuffer, _ reference: [UInt8]) -> Int {
        var largest = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let pixel = picture[x, y]
                let at = (y * picture.width + x) * 4
                let alpha = Int(pixel >> 24)
                let referenceAlpha = Int(reference[at + 3])
                for (channel, shift) in [(0, 16), (1, 8), (2, 0)] {
                    let ours = Int(pixel >> UInt32(shift) & 0xFF)
                    let theirs = Int(reference[at + channel])
                    for background in [0, 255] {
                        let shown = ours + background * (255 - alpha) / 255
                        let expected = (theirs * referenceAlpha + background * (255 - referenceAlpha)) / 255
                        largest = max(largest, abs(shown - expected))
                    }
                }
            }
        }
        return largest
    }
}
