import CellscapeLayout

extension Framebuffer {
    /// Draws `picture` scaled to fill `rect` (each pixel takes the picture's pixel under its centre),
    /// clipped to the frame; with an `opacity` below 1, blended over what is there.
    public func draw(_ picture: Framebuffer, in rect: Rect, opacity: Double = 1) {
        guard picture.width > 0, picture.height > 0, rect.width > 0, rect.height > 0 else { return }
        // Clamped as doubles: a picture zoomed and panned far off the window must not overflow an Int.
        let left = Self.clamped(rect.minX.rounded(), to: width)
        let right = Self.clamped(rect.maxX.rounded(), to: width)
        let top = Self.clamped(rect.minY.rounded(), to: height)
        let bottom = Self.clamped(rect.maxY.rounded(), to: height)
        guard left < right, top < bottom else { return }
        let scaleX = Double(picture.width) / rect.width
        let scaleY = Double(picture.height) / rect.height
        let columns = (left..<right).map { x in
            Self.clamped(((Double(x) + 0.5 - rect.minX) * scaleX).rounded(.down), to: picture.width - 1)
        }
        let alpha = UInt32((min(1, max(0, opacity)) * 256).rounded())
        for y in top..<bottom {
            let sourceY = Self.clamped(((Double(y) + 0.5 - rect.minY) * scaleY).rounded(.down), to: picture.height - 1)
            let source = picture.pixels + sourceY * picture.stride
            let target = pixels + y * stride
            if alpha >= 256 {
                for (offset, column) in columns.enumerated() { target[left + offset] = source[column] }
            } else {
                for (offset, column) in columns.enumerated() {
                    target[left + offset] = blend(target[left + offset], source[column], alpha: alpha)
                }
            }
        }
    }

    /// `value` within 0...`limit` as an Int (NaN gives 0).
    static func clamped(_ value: Double, to limit: Int) -> Int {
        Int(min(Double(limit), max(0, value)))
    }
}
