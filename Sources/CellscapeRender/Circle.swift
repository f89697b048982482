import CellscapeLayout

/// A filled round shape to draw, in framebuffer pixels.
public struct Circle: Hashable, Sendable, BitwiseCopyable {
    /// The centre; pixel `(x, y)` covers `x..<x+1`, `y..<y+1`, so its centre is at `(x + 0.5, y + 0.5)`.
    public var center: Point
    /// The radius in pixels.
    public var radius: Double
    /// The fill colour.
    public var color: Color

    /// Creates a circle.
    public init(center: Point, radius: Double, color: Color) {
        self.center = center
        self.radius = radius
        self.color = color
    }

    /// The rows of pixels the circle touches, clipped to `0..<height`.
    func rows(clippedTo height: Int) -> Range<Int> {
        guard radius.isFinite, center.y.isFinite else { return 0..<0 }
        let reach = radius + 0.5
        let first = max(0, pixelIndexAbove(center.y - reach - 0.5))
        let last = min(height - 1, pixelIndexBelow(center.y + reach - 0.5))
        return first..<max(first, last + 1)
    }

    /// Draws the rows of the circle that fall in `rows`: a pixel is covered by `radius + 0.5 - d`,
    /// clamped to `0...1`, where `d` is the distance from the pixel's centre to the circle's. Pixels
    /// deep inside are stored, only the rim is blended.
    func draw(into frame: PixelRows, rows: Range<Int>) {
        guard radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let pixel = color.pixel
        let outer = radius + 0.5
        let inner = radius - 0.5
        let peak = min(1, 2 * radius)
        let right = frame.width - 1
        for y in rows {
            let dy = Double(y) + 0.5 - center.y
            let outerSquared = outer * outer - dy * dy
            guard outerSquared > 0 else { continue }
            let outerHalf = outerSquared.squareRoot()
            let first = max(0, pixelIndexAbove(center.x - outerHalf - 0.5))
            let last = min(right, pixelIndexBelow(center.x + outerHalf - 0.5))
            guard first <= last else { continue }
            let innerSquared = inner * inner - dy * dy
            var solidFirst = last + 1
            var solidLast = last
            if innerSquared > 0, peak >= 1 {
                let innerHalf = innerSquared.squareRoot()
                solidFirst = max(first, pixelIndexAbove(center.x - innerHalf - 0.5))
                solidLast = min(last, pixelIndexBelow(center.x + innerHalf - 0.5))
                if solidFirst > solidLast { (solidFirst, solidLast) = (last + 1, last) }
            }
            let row = frame.pixels + y * frame.stride
            let dySquared = dy * dy
            var x = first
            while x <= last {
                if x == solidFirst {
                    (row + x).update(repeating: pixel, count: solidLast - x + 1)
                    x = solidLast + 1
                    continue
                }
                let dx = Double(x) + 0.5 - center.x
                let coverage = min(peak, outer - (dx * dx + dySquared).squareRoot())
                if coverage > 0 { row[x] = blend(row[x], pixel, alpha: UInt32(coverage * 256)) }
                x += 1
            }
        }
    }
}

/// The pixel at or below `value`, clamped far outside any frame so that huge values cannot trap; by
/// truncation, exact within the clamp, instead of `rounded(.down)`, which calls the C library's `floor`
/// on this processor baseline (for every circle and band).
@inline(__always)
func pixelIndexBelow(_ value: Double) -> Int {
    let clamped = max(-1e12, min(1e12, value))
    let whole = Int(clamped)
    return Double(whole) > clamped ? whole - 1 : whole
}

/// The pixel at or above `value`, clamped alike, without the C library's `ceil`.
@inline(__always)
func pixelIndexAbove(_ value: Double) -> Int {
    let clamped = max(-1e12, min(1e12, value))
    let whole = Int(clamped)
    return Double(whole) < clamped ? whole + 1 : whole
}
