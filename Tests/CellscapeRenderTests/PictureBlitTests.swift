import Testing

@testable import CellscapeLayout
@testable import CellscapeRender

/// Drawing a picture into a rect: each pixel takes the picture's pixel under its centre, clipped to the
/// frame; a rect far off it (a picture zoomed and panned away) or not a number draws nothing.
@Suite struct PictureBlitTests {
    static func picture() -> Framebuffer {
        let picture = Framebuffer(width: 2, height: 2)
        picture[0, 0] = 0xFFFF_0000
        picture[1, 0] = 0xFF00_FF00
        picture[0, 1] = 0xFF00_00FF
        picture[1, 1] = 0xFFFF_FFFF
        return picture
    }

    static func pixels(_ frame: Framebuffer) -> [UInt32] {
        (0..<frame.height).flatMap { y in (0..<frame.width).map { frame[$0, y] } }
    }

    @Test func eachPixelTakesThePicturesPixelUnderItsCentreClippedToTheFrame() {
        let frame = Framebuffer(width: 4, height: 3)
        frame.draw(Self.picture(), in: Rect(x: -2, y: -1, width: 4, height: 4))
        let (green, white, empty): (UInt32, UInt32, UInt32) = (0xFF00_FF00, 0xFFFF_FFFF, Color.background.pixel)
        #expect(
            Self.pixels(frame) == [green, green, empty, empty, white, white, empty, empty, white, white, empty, empty])
    }

    /// The picture turned a quarter clockwise, pixel by pixel: the reference for the turned blit.
    static func turnedClockwise(_ picture: Framebuffer) -> Framebuffer {
        let turned = Framebuffer(width: picture.height, height: picture.width)
        for y in 0..<picture.height {
            for x in 0..<picture.width { turned[picture.height - 1 - y, x] = picture[x, y] }
        }
        return turned
    }

    @Test func aTurnedOrFlippedPictureMatchesOneTurnedPixelByPixel() {
        var random = SplitMix64(seed: 11)
        let picture = Framebuffer(width: 7, height: 4)
        for y in 0..<4 { for x in 0..<7 { picture[x, y] = 0xFF00_0000 | UInt32(random.next() & 0xFF_FFFF) } }
        var turned = picture
        for turns in 0..<4 {
            for mirrored in [false, true] {
                for scale in [1, 3] {
                    let frame = Framebuffer(width: turned.width * scale, height: turned.height * scale)
                    frame.draw(
                        picture, in: Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)),
                        quarterTurns: turns, mirrored: mirrored)
                    for y in 0..<frame.height {
                        for x in 0..<frame.width {
                            let column = mirrored ? turned.width - 1 - x / scale : x / scale
                            #expect(frame[x, y] == turned[column, y / scale], "\(turns) turns, mirrored \(mirrored)")
                        }
                    }
                }
            }
            turned = Self.turnedClockwise(turned)
        }
    }

    @Test func aRectFarOffTheFrameOrNotANumberDrawsNothing() {
        let frame = Framebuffer(width: 4, height: 3)
        let rects = [
            Rect(x: 1e300, y: 0, width: 1e300, height: 5), Rect(x: -1e300, y: -1e300, width: 1e299, height: 1e299),
            Rect(x: .nan, y: 0, width: 4, height: 3), Rect(x: 0, y: .nan, width: 4, height: 3),
        ]
        for rect in rects { frame.draw(Self.picture(), in: rect) }
        #expect(Self.pixels(frame) == Array(repeating: Color.background.pixel, count: 12))
    }

    @Test func aRectFarLargerThanTheFrameDrawsThePartUnderIt() {
        let frame = Framebuffer(width: 4, height: 3)
        frame.draw(Self.picture(), in: Rect(x: -1e300, y: 0, width: 2e300, height: 3))
        let right = [UInt32](repeating: 0xFF00_FF00, count: 4)
        let white = [UInt32](repeating: 0xFFFF_FFFF, count: 4)
        #expect(Self.pixels(frame) == right + white + white)
    }

    /// A sticker's pixels (premultiplied) let what is under them show by what their alpha leaves.
    @Test func transparentPixelsLetTheFrameShowThrough() {
        let frame = Framebuffer(width: 3, height: 1)
        frame.fill(Color(red: 0, green: 0, blue: 200))
        let sticker = Framebuffer(width: 3, height: 1)
        sticker[0, 0] = 0x0000_0000  // transparent
        sticker[1, 0] = 0x8080_0000  // half-transparent red, premultiplied
        sticker[2, 0] = 0xFFFF_0000  // opaque red
        frame.draw(sticker, in: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(Self.pixels(frame) == [0xFF00_00C8, 0xFF80_0064, 0xFFFF_0000])
        // Faded in at half opacity: half of what the full draw adds.
        frame.fill(Color(red: 0, green: 0, blue: 200))
        frame.draw(sticker, in: Rect(x: 0, y: 0, width: 3, height: 1), opacity: 0.5)
        #expect(Self.pixels(frame) == [0xFF00_00C8, 0xFF40_0096, 0xFF80_0064])
    }
}
