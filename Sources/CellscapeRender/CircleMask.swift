import CellscapeLayout

/// The coverage of one circle radius, precomputed for every subpixel position of its centre on a grid
/// of 1/8 px, so that drawing a circle costs a table lookup per pixel instead of a square root.
///
/// Coverage is the rasterizer's: `radius + 0.5 - d`, clamped to `0...1` (see ``Circle``). Each row of each
/// mask also records where its covered pixels start and end and which of them are fully covered, so that
/// the interior is stored as a run and only the rim is blended.
final class CircleMask: Sendable {
    /// Subpixel positions per pixel, in x and in y.
    static let phases = 8
    /// The largest radius worth a mask; larger circles are mostly interior and are drawn directly.
    static let largestRadius = 24.0

    let radius: Double
    /// Pixels from the centre's pixel to the mask's edge.
    private let reach: Int
    /// Pixels across the mask.
    private let side: Int
    /// Coverage, 0...256, per phase, row and column. (Constants: a `var` in a class is checked for
    /// exclusive access at run time, twice per circle drawn.)
    private let coverage: [UInt16]
    /// Per phase and row: first covered column, last covered column, first and last fully covered column.
    private let spans: [Int16]

    init(radius: Double) {
        self.radius = radius
        reach = Int(radius.rounded(.up)) + 2
        side = 2 * reach + 1
        let phases = Self.phases
        var coverage = [UInt16](repeating: 0, count: phases * phases * side * side)
        var spans = [Int16](repeating: 0, count: phases * phases * side * 4)
        let peak = min(1, 2 * radius)
        for phaseY in 0..<phases {
            for phaseX in 0..<phases {
                let mask = phaseY * phases + phaseX
                for row in 0..<side {
                    let dy = Double(row - reach) + 0.5 - Double(phaseY) / Double(phases)
                    var span: (Int, Int, Int, Int) = (side, -1, side, -1)
                    for column in 0..<side {
                        let dx = Double(column - reach) + 0.5 - Double(phaseX) / Double(phases)
                        let amount = min(peak, radius + 0.5 - (dx * dx + dy * dy).squareRoot())
                        guard amount > 0 else { continue }
                        let alpha = amount >= 1 ? 256 : UInt16(amount * 256)
                        coverage[(mask * side + row) * side + column] = alpha
                        span.0 = min(span.0, column)
                        span.1 = max(span.1, column)
                        if alpha == 256 {
                            span.2 = min(span.2, column)
                            span.3 = max(span.3, column)
                        }
                    }
                    let slot = (mask * side + row) * 4
                    spans[slot] = Int16(span.0)
                    spans[slot + 1] = Int16(span.1)
                    spans[slot + 2] = Int16(span.2)
                    spans[slot + 3] = Int16(span.3)
                }
            }
        }
        self.coverage = coverage
        self.spans = spans
    }

    /// Draws the rows of `circle` (whose radius is this mask's) that fall in `rows`.
    func draw(_ circle: Circle, into frame: PixelRows, rows: Range<Int>) {
        guard circle.center.x.isFinite, circle.center.y.isFinite else { return }
        let (originX, phaseX) = Self.origin(circle.center.x, reach: reach)
        let (originY, phaseY) = Self.origin(circle.center.y, reach: reach)
        let mask = phaseY * Self.phases + phaseX
        let pixel = circle.color.pixel
        let right = frame.width - 1
        coverage.withUnsafeBufferPointer { coverage in
            spans.withUnsafeBufferPointer { spans in
                for y in max(rows.lowerBound, originY)..<min(rows.upperBound, originY + side) {
                    let row = y - originY
                    let slot = (mask * side + row) * 4
                    let first = max(originX + Int(spans[slot]), 0)
                    let last = min(originX + Int(spans[slot + 1]), right)
                    guard first <= last else { continue }
                    let solidFirst = originX + Int(spans[slot + 2])
                    let solidLast = originX + Int(spans[slot + 3])
                    let line = frame.pixels + y * frame.stride
                    let alphas = coverage.baseAddress! + (mask * side + row) * side - originX
                    var x = first
                    while x <= last {
                        if x >= solidFirst && x <= solidLast {
                            let end = min(solidLast, last)
                            (line + x).update(repeating: pixel, count: end - x + 1)
                            x = end + 1
                            continue
                        }
                        let alpha = UInt32(alphas[x])
                        if alpha > 0 { line[x] = blend(line[x], pixel, alpha: alpha) }
                        x += 1
                    }
                }
            }
        }
    }

    /// The mask's left (or top) pixel and the centre's subpixel phase along one axis.
    ///
    /// Floor and rounding by conversions to `Int` (``pixelIndexBelow(_:)``; an integer no larger than a
    /// number below 8 subtracts from it exactly): `rounded` calls the C library's `floor` and `round` on
    /// this processor baseline, a tenth of the frame again.
    @inline(__always)
    private static func origin(_ center: Double, reach: Int) -> (Int, Int) {
        let clamped = max(-1e12, min(1e12, center))
        var whole = pixelIndexBelow(clamped)
        let scaled = (clamped - Double(whole)) * Double(phases)
        var phase = Int(scaled)
        if scaled - Double(phase) >= 0.5 { phase += 1 }
        if phase == phases {
            whole += 1
            phase = 0
        }
        return (whole - reach, phase)
    }
}
