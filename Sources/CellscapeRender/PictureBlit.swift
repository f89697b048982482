import CellscapeLayout

extension Framebuffer {
    /// Draws `picture` (premultiplied alpha: a sticker's transparent pixels let what is there show)
    /// scaled to fill `rect`, each pixel taking the picture's pixel under its centre, clipped to the
    /// frame; with an `opacity` below 1, faded over what is there. The picture is first turned
    /// `quarterTurns` times clockwise and then, if `mirrored`, flipped left to right (`rect` has the
    /// turned picture's proportions). A picture within a pixel of `rect`'s size (one made for it) is
    /// drawn at its own size from `rect`'s rounded corner, pixel for pixel: stretched by a pixel, a row
    /// would be doubled and another dropped.
    public func draw(
        _ picture: some PixelSource, in rect: Rect, opacity: Double = 1, quarterTurns: Int = 0, mirrored: Bool = false
    ) {
        guard picture.width > 0, picture.height > 0, rect.width > 0, rect.height > 0 else { return }
        let turns = (quarterTurns % 4 + 4) % 4
        let (shownWidth, shownHeight) =
            turns % 2 == 0 ? (picture.width, picture.height) : (picture.height, picture.width)
        let rect = Self.pixelForPixel(width: shownWidth, height: shownHeight, in: rect) ?? rect
        // Clamped as doubles: a picture zoomed and panned far off the window must not overflow an Int.
        let (left, right, top, bottom) = drawableSpan(of: rect)
        guard left < right, top < bottom else { return }
        let scaleX = Double(shownWidth) / rect.width
        let scaleY = Double(shownHeight) / rect.height
        let (last, bottomRow, stride) = (picture.width - 1, picture.height - 1, picture.stride)
        // Where the shown column and row land in the stored picture, as an offset each: a quarter turn
        // makes the shown column pick the stored row and the shown row the stored column.
        let columnOffsets = (left..<right).map { x in
            var shown = Self.clamped(((Double(x) + 0.5 - rect.minX) * scaleX).rounded(.down), to: shownWidth - 1)
            if mirrored { shown = shownWidth - 1 - shown }
            switch turns {
            case 0: return shown
            case 1: return (bottomRow - shown) * stride
            case 2: return last - shown
            default: return shown * stride
            }
        }
        let alpha = UInt32((min(1, max(0, opacity)) * 256).rounded())
        let firstPixel = picture.firstPixel
        let copies = alpha == 256 && picture.isOpaque
        for y in top..<bottom {
            let shown = Self.clamped(((Double(y) + 0.5 - rect.minY) * scaleY).rounded(.down), to: shownHeight - 1)
            let rowOffset: Int
            switch turns {
            case 0: rowOffset = shown * stride
            case 1: rowOffset = shown
            case 2: rowOffset = (bottomRow - shown) * stride
            default: rowOffset = last - shown
            }
            let source = firstPixel + rowOffset
            let target = pixels + y * self.stride + left
            columnOffsets.withUnsafeBufferPointer { columns in
                if copies && turns == 0 && !mirrored && columns.count > 1
                    && columns.last! - columns[0] == columns.count - 1
                {
                    // Pixel for pixel (an image made for its rect): a row is one copy.
                    target.update(from: source + columns[0], count: columns.count)
                } else if copies {
                    for (offset, column) in columns.enumerated() { target[offset] = source[column] }
                } else {
                    for (offset, column) in columns.enumerated() {
                        target[offset] = over(target[offset], source[column], opacity: alpha)
                    }
                }
            }
        }
    }

    /// Where a picture of `width` x `height` (as shown) lands when drawn in `rect` pixel for pixel: from
    /// the rect's rounded corner at its own size, when it is within a pixel of the rect's; else nil.
    public static func pixelForPixel(width: Int, height: Int, in rect: Rect) -> Rect? {
        guard abs(Double(width) - rect.width) < 1.5 && abs(Double(height) - rect.height) < 1.5 else { return nil }
        return Rect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: Double(width), height: Double(height))
    }

    /// The pixels of `rect` (rounded) that may be drawn: within the frame and its drawable rows and
    /// columns. Empty when `left >= right` or `top >= bottom`.
    func drawableSpan(of rect: Rect) -> (left: Int, right: Int, top: Int, bottom: Int) {
        let (columns, rows) = (drawableColumns, drawableRows)
        return (
            max(columns.lowerBound, Self.clamped(rect.minX.rounded(), to: width)),
            min(columns.upperBound, Self.clamped(rect.maxX.rounded(), to: width)),
            max(rows.lowerBound, Self.clamped(rect.minY.rounded(), to: height)),
            min(rows.upperBound, Self.clamped(rect.maxY.rounded(), to: height))
        )
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
        let (left, right, top, bottom) = drawableSpan(of: rect)
        guard left < right, top < bottom, square > 0 else { return }
        for y in top..<bottom {
            let row = pixels + y * stride
            for x in left..<right { row[x] = (x / square + y / square) % 2 == 0 ? light.pixel : dark.pixel }
        }
    }
}
