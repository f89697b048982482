import CPictureCodecs
import CPictureEncoders
import CellscapeFixtures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// CMYK JPEGs as browsers show them: Adobe's (inverted, as CMYK or YCCK) and plain ones, each pixel
/// (255 - cyan)(255 - black) / 255 red, and so on.
@Suite struct CMYKTests {
    /// Ink of a gradient: cyan across, magenta down, yellow and black from both.
    static func ink(_ x: Int, _ y: Int) -> (c: Int, m: Int, y: Int, k: Int) {
        (x * 8, y * 8, (x + y) * 4, (x * y) % 96)
    }

    @Test(arguments: [(true, true), (false, true), (false, false)])
    func colourIsTheInkTakenAway(ycck: Bool, adobe: Bool) throws {
        let (width, height) = (32, 32)
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let ink = Self.ink(x, y)
                // As written: Adobe's channels are 255 - ink.
                pixels += [ink.c, ink.m, ink.y, ink.k].map { UInt8(adobe ? 255 - $0 : $0) }
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        try #require(
            cellscape_jpeg_encode_cmyk(
                pixels, Int32(width), Int32(height), ycck ? 1 : 0, adobe ? 1 : 0, &output, &length) == 0)
        let bytes = Array(UnsafeBufferPointer(start: try #require(output), count: length))
        free(output)
        let picture = try PictureDecoder.decode(bytes)
        var largest = 0
        for y in 0..<height {
            for x in 0..<width {
                let ink = Self.ink(x, y)
                let expected = [ink.c, ink.m, ink.y].map { (255 - $0) * (255 - ink.k) / 255 }
                let pixel = picture[x, y]
                let shown = [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
                largest = max(largest, zip(shown, expected).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(largest <= 3, "ycck \(ycck), adobe \(adobe): \(largest)")
    }
}
