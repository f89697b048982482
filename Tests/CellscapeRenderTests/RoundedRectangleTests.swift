import Testing

@testable import CellscapeLayout
@testable import CellscapeRender

/// Rounded rectangles against the formula they draw, measured at every pixel: the runs the
/// drawing stores or blends whole must give what each pixel's own distance gives.
@Suite struct RoundedRectangleTests {
    /// Each pixel covered by `0.5 - d`, `d` its centre's signed distance to the outline, one by one.
    static func bruteForce(_ shape: RoundedRectangle, width: Int, height: Int) -> Framebuffer {
        let frame = Framebuffer(width: width, height: height)
        frame.fill(.background)
        let box = shape.frame
        let radius = max(0, min(shape.cornerRadius, box.width / 2, box.height / 2))
        let (halfWidth, halfHeight) = (box.width / 2 - radius, box.height / 2 - radius)
        for y in 0..<height {
            for x in 0..<width {
                let qx = abs(Double(x) + 0.5 - box.center.x) - halfWidth
                let qy = abs(Double(y) + 0.5 - box.center.y) - halfHeight
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let distance = outside + min(max(qx, qy), 0) - radius
                let coverage = min(1, max(0, 0.5 - distance))
                guard coverage > 0 else { continue }
                let pixel = shape.color.pixel
                frame[x, y] = coverage >= 1 ? pixel : blend(frame[x, y], pixel, alpha: UInt32(coverage * 256))
            }
        }
        return frame
    }

    @Test(arguments: [0, 0.3, 4, 8, 8.5, 100])
    func everyPixelIsWhatItsDistanceSays(radius: Double) {
        let (width, height) = (48, 40)
        let color = Color(hex: 0x33_8855)
        for offset in [0, 0.25, 0.5, 0.75, 0.9] {
            for size in [(30.0, 20.0), (31.4, 17.6), (9.3, 25.1), (60, 50)] {
                let box = Rect(x: 5 + offset, y: 3 + offset * 1.7, width: size.0, height: size.1)
                let shape = RoundedRectangle(frame: box, cornerRadius: radius, color: color)
                let drawn = Framebuffer(width: width, height: height)
                drawn.fill(.background)
                shape.draw(into: drawn)
                let expected = Self.bruteForce(shape, width: width, height: height)
                var worst = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let (one, other) = (Color(pixel: drawn[x, y]), Color(pixel: expected[x, y]))
                        worst = max(
                            worst, abs(Int(one.red) - Int(other.red)), abs(Int(one.green) - Int(other.green)),
                            abs(Int(one.blue) - Int(other.blue)))
                    }
                }
                // A pixel stored whole where its own coverage is a hair under 1 differs by one level.
                #expect(worst <= 1, "radius \(radius), box \(box)")
            }
        }
    }
}
