import CellscapeLayout

/// A filled rectangle with rounded corners, antialiased, in framebuffer pixels.
public struct RoundedRectangle: Hashable, Sendable {
    /// The rectangle's extent.
    public var frame: Rect
    /// The corners' radius (at most half the shorter side).
    public var cornerRadius: Double
    /// The fill colour.
    public var color: Color

    /// Creates a rounded rectangle.
    public init(frame: Rect, cornerRadius: Double, color: Color) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.color = color
    }

    /// Draws it: a pixel is covered by `0.5 - d`, clamped to `0...1`, where `d` is the signed distance from
    /// its centre to the outline; pixels well inside are stored, only the outline is blended.
    public func draw(into target: Framebuffer) {
        let box = frame
        guard box.width > 0, box.height > 0, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite,
            box.maxY.isFinite
        else { return }
        let radius = max(0, min(cornerRadius, box.width / 2, box.height / 2))
        let pixel = color.pixel
        let (rows, columns) = (target.drawableRows, target.drawableColumns)
        let firstRow = max(rows.lowerBound, pixelIndexBelow(box.minY - 0.5))
        let lastRow = min(rows.upperBound - 1, pixelIndexAbove(box.maxY - 0.5))
        let firstColumn = max(columns.lowerBound, pixelIndexBelow(box.minX - 0.5))
        let lastColumn = min(columns.upperBound - 1, pixelIndexAbove(box.maxX - 0.5))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        let center = box.center
        let innerHalfWidth = box.width / 2 - radius
        let innerHalfHeight = box.height / 2 - radius
        for y in firstRow...lastRow {
            let py = Double(y) + 0.5
            let row = target.pixels + y * target.stride
            let qy = abs(py - center.y) - innerHalfHeight
            // Where the row is at least a pixel inside the outline, a run of stores.
            var solid = 0..<0
            if qy <= -(radius == 0 ? 0.5 : 0) && py - 0.5 >= box.minY && py + 0.5 <= box.maxY {
                let inset = qy > 0 ? radius - (radius * radius - qy * qy).squareRoot() : 0
                let left = pixelIndexAbove(box.minX + inset)
                let right = pixelIndexBelow(box.maxX - inset)
                let lower = max(left, firstColumn)
                let upper = min(right, lastColumn + 1)
                if lower < upper { solid = lower..<upper }
            }
            if solid.isEmpty {
                blendEdgeRow(
                    row, firstColumn...lastColumn, py, qy, center, innerHalfWidth, innerHalfHeight, radius, pixel)
                continue
            }
            for x in firstColumn..<solid.lowerBound {
                blendOutline(row, x, py, center, innerHalfWidth, innerHalfHeight, radius, pixel)
            }
            (row + solid.lowerBound).update(repeating: pixel, count: solid.count)
            for x in solid.upperBound..<lastColumn + 1 {
                blendOutline(row, x, py, center, innerHalfWidth, innerHalfHeight, radius, pixel)
            }
        }
    }

    /// A row with no pixel wholly inside (the top or bottom edge, cut by the outline): where
    /// `qx <= min(qy, 0)` every pixel is `qy - radius` from the outline, so that run is blended with one
    /// coverage; only the pixels beside it are measured one by one.
    private func blendEdgeRow(
        _ row: UnsafeMutablePointer<UInt32>, _ columns: ClosedRange<Int>, _ py: Double, _ qy: Double, _ center: Point,
        _ halfWidth: Double, _ halfHeight: Double, _ radius: Double, _ pixel: UInt32
    ) {
        let reach = halfWidth + min(qy, 0)
        // A column's centre within `reach` of the centre; one pixel kept back on each side, so that
        // rounding never puts a pixel of the corners in the run.
        let lower = max(columns.lowerBound, Int((center.x - reach - 0.5).rounded(.up)) + 1)
        let upper = min(columns.upperBound + 1, Int((center.x + reach - 0.5).rounded(.down)))
        guard lower < upper else {
            for x in columns { blendOutline(row, x, py, center, halfWidth, halfHeight, radius, pixel) }
            return
        }
        for x in columns.lowerBound..<lower { blendOutline(row, x, py, center, halfWidth, halfHeight, radius, pixel) }
        let coverage = min(1, max(0, 0.5 - (qy - radius)))
        if coverage >= 1 {
            (row + lower).update(repeating: pixel, count: upper - lower)
        } else if coverage > 0 {
            let alpha = UInt32(coverage * 256)
            for x in lower..<upper { row[x] = blend(row[x], pixel, alpha: alpha) }
        }
        for x in upper..<columns.upperBound + 1 {
            blendOutline(row, x, py, center, halfWidth, halfHeight, radius, pixel)
        }
    }

    @inline(__always)
    private func blendOutline(
        _ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ py: Double, _ center: Point, _ halfWidth: Double,
        _ halfHeight: Double, _ radius: Double, _ pixel: UInt32
    ) {
        let qx = abs(Double(x) + 0.5 - center.x) - halfWidth
        let qy = abs(py - center.y) - halfHeight
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        let distance = outside + min(max(qx, qy), 0) - radius
        let coverage = min(1, max(0, 0.5 - distance))
        guard coverage > 0 else { return }
        row[x] = coverage >= 1 ? pixel : blend(row[x], pixel, alpha: UInt32(coverage * 256))
    }
}
