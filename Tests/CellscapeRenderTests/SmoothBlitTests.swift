import Testing

@testable import CellscapeLayout
@testable import CellscapeRender

/// A picture smaller than its rect is enlarged smoothly: each pixel the bilinear mix of the four picture
/// pixels around its centre, against that mix worked out in doubles; one as large is drawn as `draw` does.
@Suite struct SmoothBlitTests {
    /// The bilinear mix at frame pixel (x, y) of `picture` filling `rect`, channel by channel.
    static func reference(_ picture: Framebuffer, _ rect: Rect, x: Int, y: Int) -> [Double] {
        let along = { (position: Int, origin: Double, size: Double, count: Int) -> (Int, Int, Double) in
            let centre = min(Double(count - 1), max(0, (Double(position) + 0.5 - origin) * Double(count) / size - 0.5))
            let first = Int(centre.rounded(.down))
            return (first, min(first + 1, count - 1), centre - Double(first))
        }
        let (x0, x1, fx) = along(x, rect.minX, rect.width, picture.width)
        let (y0, y1, fy) = along(y, rect.minY, rect.height, picture.height)
        return (0..<4).map { channel in
            let value = { (px: Int, py: Int) in Double(picture[px, py] >> (8 * UInt32(channel)) & 0xFF) }
            let top = value(x0, y0) * (1 - fx) + value(x1, y0) * fx
            let bottom = value(x0, y1) * (1 - fx) + value(x1, y1) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    @Test(arguments: [Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: -7.3, y: 3.6, width: 53.5, height: 21)])
    func aSmallPictureIsEnlargedSmoothly(rect: Rect) {
        var random = SplitMix64(seed: 5)
        let picture = Framebuffer(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 { picture[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF }
        }
        let frame = Framebuffer(width: 48, height: 32)
        frame.drawFilling(picture, in: rect)
        var worst = 0.0
        for y in 0..<frame.height where Double(y) >= rect.minY.rounded() && Double(y) < rect.maxY.rounded() {
            for x in 0..<frame.width where Double(x) >= rect.minX.rounded() && Double(x) < rect.maxX.rounded() {
                let expected = Self.reference(picture, rect, x: x, y: y)
                for channel in 0..<4 {
                    let got = Double(frame[x, y] >> (8 * UInt32(channel)) & 0xFF)
                    worst = max(worst, abs(got - expected[channel]))
                }
            }
        }
        #expect(worst <= 3, "the most a channel is off the bilinear mix: \(worst)")
        // Not blocks: neighbouring pixels inside one picture pixel's span differ.
        #expect(frame[5, 5] != frame[6, 5] || frame[6, 5] != frame[7, 5])
    }

    @Test func aPictureAsLargeAsItsRectIsDrawnPixelForPixel() {
        let picture = PictureBlitTests.picture()
        let (smooth, plain) = (Framebuffer(width: 4, height: 4), Framebuffer(width: 4, height: 4))
        smooth.drawFilling(picture, in: Rect(x: 1, y: 1, width: 2, height: 2))
        plain.draw(picture, in: Rect(x: 1, y: 1, width: 2, height: 2))
        #expect(PictureBlitTests.pixels(smooth) == PictureBlitTests.pixels(plain))
    }

    @Test func mixingKeepsAPremultipliedPixelValid() {
        let mixed = Framebuffer.mix(0x8040_2010, 0x0000_0000, 128)
        #expect(mixed == 0x4020_1008)
        #expect(Framebuffer.mix(0xFFFF_FFFF, 0xFFFF_FFFF, 77) == 0xFFFF_FFFF)
    }
}
