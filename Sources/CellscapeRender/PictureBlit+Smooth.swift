import CellscapeLayout

extension Framebuffer {
    /// Draws `picture` scaled to fill `rect` as ``draw(_:in:opacity:quarterTurns:mirrored:)`` does, but
    /// a picture smaller than `rect` (by more than a pixel each way) is enlarged smoothly: each pixel
    /// mixes the four picture pixels around its centre (bilinear), so a small picture is not blown up
    /// into blocks. A picture as large as `rect` or larger is drawn as `draw` draws it.
    public func drawFilling(_ picture: some PixelSource, in rect: Rect, opacity: Double = 1) {
        guard Double(picture.width) < rect.width - 1.5, Double(picture.height) < rect.height - 1.5 else {
            draw(picture, in: rect, opacity: opacity)
            return
        }
        let (left, right, top, bottom) = drawableSpan(of: rect)
        guard left < right, top < bottom else { return }
        let across = (left..<right).map {
            Self.sample(Double($0), from: rect.minX, scale: Double(picture.width) / rect.width, count: picture.width)
        }
        let alpha = UInt32((min(1, max(0, opacity)) * 256).rounded())
        let copies = alpha == 256 && picture.isOpaque
        let (first, stride) = (picture.firstPixel, picture.stride)
        for y in top..<bottom {
            let down = Self.sample(
                Double(y), from: rect.minY, scale: Double(picture.height) / rect.height, count: picture.height)
            let (upper, lower) = (first + down.first * stride, first + down.second * stride)
            let target = pixels + y * self.stride
            for (offset, sample) in across.enumerated() {
                let above = Self.mix(upper[sample.first], upper[sample.second], sample.weight)
                let below = Self.mix(lower[sample.first], lower[sample.second], sample.weight)
                let pixel = Self.mix(above, below, down.weight)
                let x = left + offset
                target[x] = copies ? pixel : over(target[x], pixel, opacity: alpha)
            }
        }
    }

    /// The two picture pixels around the centre of frame pixel `position` along one side (the picture
    /// starting at `origin`, `scale` picture pixels a frame pixel) and the second's weight, 0 to 256.
    static func sample(_ position: Double, from origin: Double, scale: Double, count: Int)
        -> (first: Int, second: Int, weight: UInt32)
    {
        let centre = min(Double(count - 1), max(0, (position + 0.5 - origin) * scale - 0.5))
        let first = Int(centre.rounded(.down))
        return (first, min(first + 1, count - 1), UInt32(((centre - Double(first)) * 256).rounded()))
    }

    /// `a` and `b` (premultiplied B, G, R, A) mixed channel by channel, `b` by `weight` of 256.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        guard weight > 0 else { return a }
        let keep = 256 - weight
        // Two channels at once, each in 16 bits: a channel times 256 never reaches the next.
        let evens = ((a & 0x00FF_00FF) &* keep &+ (b & 0x00FF_00FF) &* weight) >> 8 & 0x00FF_00FF
        let odds = ((a >> 8 & 0x00FF_00FF) &* keep &+ (b >> 8 & 0x00FF_00FF) &* weight) & 0xFF00_FF00
        return evens | odds
    }
}
