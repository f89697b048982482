import CellscapeLayout

extension Framebuffer {
    /// Draws `picture` (premultiplied alpha: a sticker's transparent pixels let what is there show)
    /// scaled to fill `rect`, each pixel taking the picture's pixel under its centre, clipped to the
    /// frame; with an `opacity` below 1, faded over what is there.
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
            for (offset, column) in columns.enumerated() {
                target[left + offset] = over(target[left + offset], source[column], opacity: alpha)
            }
        }
    }

    /// `value` within 0...`limit` as an Int (NaN gives 0).
    static func clamped(_ value: Double, to limit: Int) -> Int {
        Int(min(Double(limit), max(0, value)))
    }
}

extension Framebuffer {
    /// Composites `source`, a premultiplied picture pixel, over the pixel in column `x` of row `y`.
    @inline(__always)
    public func composite(_ source: UInt32, x: Int, y: Int) {
        pixels[y * stride + x] = over(pixels[y * stride + x], source, opacity: 256)
    }
}

extension Framebuffer {
    /// Paints `rect` (clipped to the frame) with squares of `square` pixels, alternating `light` and
    /// `dark` from the frame's origin: what shows behind a picture's transparent pixels.
    public func fillCheckerboard(_ rect: Rect, light: Color, dark: Color, square: Int = 8) {
        let left = Self.clamped(rect.minX.rounded(), to: width)
        let right = Self.clamped(rect.maxX.rounded(), to: width)
        let top = Self.clamped(rect.minY.rounded(), to: height)
        let bottom = Self.clamped(rect.maxY.rounded(), to: height)
        guard left < right, top < bottom, square > 0 else { return }
        for y in top..<bottom {
            let row = pixels + y * stride
            for x in left..<right { row[x] = (x / square + y / square) % 2 == 0 ? light.pixel : dark.pixel }
        }
    }
}
