import CellscapeLayout

extension Framebuffer {
    /// Draws `picture` scaled to fill `rect` (each pixel takes the picture's pixel under its centre),
    /// clipped to the frame.
    public func draw(_ picture: Framebuffer, in rect: Rect) {
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
        for y in top..<bottom {
            let sourceY = min(picture.height - 1, max(0, Int((Double(y) + 0.5 - rect.minY) * scaleY)))
            let source = picture.pixels + sourceY * picture.stride
            let target = pixels + y * stride
            for (offset, column) in columns.enumerated() { target[left + offset] = source[column] }
        }
    }
}
