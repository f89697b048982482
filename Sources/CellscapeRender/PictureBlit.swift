import CellscapeLayout

extension Framebuffer {
    /// Draws `picture` scaled to fill `rect` (each pixel takes the picture's pixel under its centre),
    /// clipped to the frame; with an `opacity` below 1, blended over what is there.
    public func draw(_ picture: Framebuffer, in rect: Rect, opacity: Double = 1) {
        guard picture.width > 0, picture.height > 0, rect.width > 0, rect.height > 0 else { return }
        let left = max(0, Int(rect.minX.rounded()))
        let right = min(width, Int(rect.maxX.rounded()))
        let top = max(0, Int(rect.minY.rounded()))
        let bottom = min(height, Int(rect.maxY.rounded()))
        guard left < right, top < bottom else { return }
        let scaleX = Double(picture.width) / rect.width
        let scaleY = Double(picture.height) / rect.height
        let columns = (left..<right).map { x in
            min(picture.width - 1, max(0, Int((Double(x) + 0.5 - rect.minX) * scaleX)))
        }
        let alpha = UInt32((min(1, max(0, opacity)) * 256).rounded())
        for y in top..<bottom {
            let sourceY = min(picture.height - 1, max(0, Int((Double(y) + 0.5 - rect.minY) * scaleY)))
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
}
