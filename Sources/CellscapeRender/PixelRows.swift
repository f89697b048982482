/// A frame's pixels as a plain value, for the bands of a parallel draw: each band writes only its own
/// rows, so many may hold it at once.
struct PixelRows: Sendable {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// The number of pixels from one row to the next.
    let stride: Int
    /// The first pixel of the first row. (Unsafe: a pointer is not `Sendable`; the bands' rows are
    /// disjoint.)
    nonisolated(unsafe) let pixels: UnsafeMutablePointer<UInt32>
}

extension Framebuffer {
    /// The frame's pixels, for the bands of a parallel draw; valid while the frame keeps its memory.
    var rows: PixelRows { PixelRows(width: width, height: height, stride: stride, pixels: pixels) }
}
