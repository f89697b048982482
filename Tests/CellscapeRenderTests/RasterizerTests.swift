import Testing

@testable import CellscapeLayout
@testable import CellscapeRender

/// The software rasterizer, pixel by pixel.
@Suite struct RasterizerTests {
    static let red = Color(hex: 0xFF_0000)

    static func frame(_ width: Int = 64, _ height: Int = 48) -> Framebuffer {
        let frame = Framebuffer(width: width, height: height)
        frame.fill(.background)
        return frame
    }

    @Test func theCentrePixelHasTheCirclesColour() {
        let frame = Self.frame()
        CircleRasterizer(threads: 1).draw(
            [Circle(center: Point(x: 20.5, y: 20.5), radius: 10, color: Self.red)], into: frame)
        #expect(frame[20, 20] == Self.red.pixel)
        #expect(frame[11, 20] == Self.red.pixel)
        #expect(frame[20, 29] == Self.red.pixel)
    }

    @Test func theEdgeIsAntialiased() {
        let frame = Self.frame()
        CircleRasterizer(threads: 1).draw(
            [Circle(center: Point(x: 20.5, y: 20.5), radius: 10, color: Self.red)], into: frame)
        // Pixel 30's centre lies exactly on the circle: half covered.
        let edge = Color(pixel: frame[30, 20])
        let background = Color.background
        let halfRed = (Int(background.red) + 255) / 2
        #expect(abs(Int(edge.red) - halfRed) <= 1)
        #expect(abs(Int(edge.blue) - Int(background.blue) / 2) <= 1)
        // Pixel 31's centre is 10.5 from the centre: not covered at all.
        #expect(frame[31, 20] == background.pixel)
        #expect(frame[20, 31] == background.pixel)
    }

    @Test func circlesAreClippedAtTheBorders() {
        let frame = Self.frame(32, 24)
        let circles = [
            Circle(center: Point(x: 0, y: 0), radius: 6, color: Self.red),
            Circle(center: Point(x: 32, y: 24), radius: 6, color: Self.red),
            Circle(center: Point(x: -100, y: 10), radius: 6, color: Self.red),
            Circle(center: Point(x: .nan, y: 10), radius: 6, color: Self.red),
            Circle(center: Point(x: 10, y: 10), radius: .infinity, color: Self.red),
            Circle(center: Point(x: 1e300, y: -1e300), radius: 30, color: Self.red),
        ]
        CircleRasterizer(threads: 2).draw(circles, into: frame, background: .background)
        #expect(frame[0, 0] == Self.red.pixel)
        #expect(frame[31, 23] == Self.red.pixel)
        #expect(frame[16, 12] == Color.background.pixel)
        #expect(frame[10, 10] == Color.background.pixel)
    }

    /// The fast path (precomputed masks at 1/8 px, spread over threads) against the direct formula.
    @Test(arguments: [1, 2, 3])
    func masksMatchTheDirectFormula(threads: Int) {
        var random = SplitMix64(seed: UInt64(threads))
        var circles: [Circle] = []
        for index in 0..<400 {
            circles.append(
                Circle(
                    center: Point(x: random.nextUnit() * 340 - 10, y: random.nextUnit() * 260 - 10),
                    radius: [0.3, 1.7, 3.47, 10, 23.9][index % 5], color: .palette(for: index)))
        }
        let fast = Self.frame(320, 240)
        CircleRasterizer(threads: threads).draw(circles, into: fast)
        let direct = Self.frame(320, 240)
        for circle in circles { circle.draw(into: direct.rows, rows: circle.rows(clippedTo: direct.height)) }
        var largest = 0
        for y in 0..<240 {
            for x in 0..<320 {
                let a = Color(pixel: fast[x, y])
                let b = Color(pixel: direct[x, y])
                largest = max(
                    largest, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                    abs(Int(a.blue) - Int(b.blue)))
            }
        }
        // A centre moves at most 1/16 px to its mask's phase, so one circle's coverage differs by at most
        // 1/16 (16 of 255); where rims of several circles overlap, the rounding of each blend adds a little.
        #expect(largest <= 20)
        let single = Self.frame(320, 240)
        CircleRasterizer(threads: 1).draw(circles, into: single)
        #expect(single.packedPixels == fast.packedPixels)
    }

    @Test func textIsDrawnWithTheMatchedFont() throws {
        let text = try TextRenderer()
        #expect(text.fontPath.hasSuffix(".ttf"))
        #expect(text.width(of: "Cellscape") > 40)
        let frame = Self.frame(120, 30)
        text.draw("Cellscape", x: 2, y: 2, color: .text, into: frame)
        let lit = frame.packedPixels.filter { $0 == Color.text.pixel }.count
        #expect(lit > 20)
        #expect(frame[110, 25] == Color.background.pixel)
    }

    /// DejaVu Sans has no Japanese: the characters come from a font fontconfig finds for them
    /// (fonts-droid-fallback here), not as the missing-glyph box, which is the same for every one.
    @Test func charactersTheFontLacksComeFromAFallbackFont() throws {
        let text = try TextRenderer()
        func drawn(_ name: String) -> [UInt32] {
            let frame = Self.frame(40, 30)
            text.draw(name, x: 2, y: 2, color: .text, into: frame)
            return frame.packedPixels
        }
        let sun = drawn("日")
        let book = drawn("本")
        #expect(sun != book, "two characters drawn alike: the missing-glyph box")
        #expect(sun.filter { $0 != Color.background.pixel }.count > 20)
        #expect(text.width(of: "日本語") >= 3 * 12, "full-width characters")
    }

    /// An emoji in a file name comes from the colour emoji font (fonts-noto-color-emoji, the README's
    /// apt line): drawn in its own colours at the text's height, not as an empty box in the text colour.
    @Test func anEmojiIsDrawnInColourAtTheTextsHeight() throws {
        let text = try TextRenderer()
        let frame = Self.frame(60, 30)
        text.draw("\u{1F642}", x: 2, y: 2, color: .text, into: frame)
        let drawn = frame.packedPixels.filter { $0 != Color.background.pixel }.map(Color.init(pixel:))
        // The smiling face is yellow: red and green well above blue, unlike any grey of the text colour.
        let yellow = drawn.filter { Int($0.red) > Int($0.blue) + 80 && Int($0.green) > Int($0.blue) + 50 }
        #expect(yellow.count > 40, "\(drawn.count) pixels drawn, \(yellow.count) yellow")
        let width = text.width(of: "\u{1F642}")
        #expect(width >= text.ascent - 2 && width <= text.lineHeight + 4, "\(width) for an ascent of \(text.ascent)")
    }

    /// A whole number as a pixel coordinate, clamped as the rasterizer clamps: the reference for the
    /// truncating helpers.
    static func pixelIndex(_ value: Double) -> Int {
        Int(max(-1e12, min(1e12, value)))
    }

    /// Pixel rows and columns come from truncation instead of `floor` and `ceil`; they must agree with
    /// rounding down and up on every value, clamped alike.
    @Test func pixelIndicesRoundAsFloorAndCeilDo() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 2.999999999999999, -2.999999999999999, 1e12, -1e12, 1e12 + 0.5, 3e15,
            -3e15, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        ]
        var random = SplitMix64(seed: 11)
        for _ in 0..<10_000 { values.append((random.nextUnit() - 0.5) * 4_000) }
        for _ in 0..<1_000 { values.append(Double(Int(random.nextUnit() * 2_000) - 1_000)) }
        for value in values {
            #expect(pixelIndexBelow(value) == Self.pixelIndex(value.rounded(.down)), "\(value)")
            #expect(pixelIndexAbove(value) == Self.pixelIndex(value.rounded(.up)), "\(value)")
        }
    }
}
