import CellscapeLayout

/// A frame of 32-bit pixels, `0xFFRRGGBB` (see `Color.pixel`), in rows of ``stride`` pixels.
///
/// Every view draws into one; the X11 viewer presents it and `cellscape snapshot` writes it as a PNG, so
/// both show the same pixels. The memory is the framebuffer's own, or memory another owner lends (the
/// viewer's shared-memory image), and it never shrinks: ``resize(width:height:)`` within the capacity
/// costs nothing.
public final class Framebuffer: PixelSource {
    /// The width in pixels. (Unchecked: reading a `var` of a class checks for exclusive access at run
    /// time, and the rasterizer reads the size for every circle it draws.)
    @exclusivity(unchecked) public private(set) var width: Int
    /// The height in pixels.
    @exclusivity(unchecked) public private(set) var height: Int
    /// The number of pixels from one row to the next.
    public let stride: Int
    /// The most rows the memory holds.
    public let rowCapacity: Int
    /// The first pixel of the first row.
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Gives the memory back: nil for memory the framebuffer only borrows, or once handed to a ``PixelImage``.
    private var release: (@Sendable (UnsafeMutablePointer<UInt32>) -> Void)?

    /// Creates a framebuffer that owns its memory, filled with `Color.background`.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        stride = max(1, width)
        rowCapacity = max(1, height)
        pixels = .allocate(capacity: stride * rowCapacity)
        pixels.initialize(repeating: Color.background.pixel, count: stride * rowCapacity)
        release = { $0.deallocate() }
    }

    /// Creates a framebuffer over memory someone else owns, of `stride * rowCapacity` pixels;
    /// `release` is called with it when the framebuffer (or the ``PixelImage`` it became) goes away.
    /// Without one, the memory stays its owner's and ``finished()`` copies it.
    public init(
        width: Int, height: Int, stride: Int, rowCapacity: Int, memory: UnsafeMutablePointer<UInt32>,
        release: (@Sendable (UnsafeMutablePointer<UInt32>) -> Void)? = nil
    ) {
        precondition(width <= stride && height <= rowCapacity, "the frame must fit its memory")
        self.width = width
        self.height = height
        self.stride = stride
        self.rowCapacity = rowCapacity
        pixels = memory
        self.release = release
    }

    deinit {
        release?(pixels)
    }

    /// The pixels as an image no one writes any more, which may cross threads. The framebuffer hands its
    /// memory over and is left empty (0 x 0: drawing into it does nothing); memory it does not own is copied.
    public func finished() -> PixelImage {
        guard let release else {
            let copy = Framebuffer(width: width, height: height)
            for y in 0..<height { (copy.pixels + y * copy.stride).update(from: pixels + y * stride, count: width) }
            return copy.finished()
        }
        let image = PixelImage(
            width: width, height: height, stride: stride, capacity: stride * rowCapacity, memory: pixels,
            release: release)
        self.release = nil
        width = 0
        height = 0
        return image
    }

    /// The part of the frame drawing may change, in pixels: nil for all of it. A frame that changed in
    /// a few places only (tiles whose animation moved on) is drawn again with the clip set to each.
    public var clip: Rect?

    /// The columns and rows drawing may change: the frame's, within ``clip``.
    public var drawableColumns: Range<Int> { drawable(clip.map { ($0.minX, $0.maxX) }, limit: width) }
    public var drawableRows: Range<Int> { drawable(clip.map { ($0.minY, $0.maxY) }, limit: height) }

    private func drawable(_ span: (Double, Double)?, limit: Int) -> Range<Int> {
        guard let span, span.0.isFinite, span.1.isFinite else { return 0..<limit }
        let first = Int(max(0, min(Double(limit), span.0.rounded(.down))))
        return first..<max(first, Int(max(0, min(Double(limit), span.1.rounded(.up)))))
    }

    /// The first pixel of the first row.
    public var firstPixel: UnsafePointer<UInt32> { UnsafePointer(pixels) }

    /// Not known: a framebuffer is still being written.
    public var isOpaque: Bool { false }

    /// Changes the size if the memory holds it, and returns whether it did.
    @discardableResult
    public func resize(width newWidth: Int, height newHeight: Int) -> Bool {
        guard newWidth >= 0, newHeight >= 0, newWidth <= stride, newHeight <= rowCapacity else { return false }
        width = newWidth
        height = newHeight
        return true
    }

    /// The pixel in column `x` of row `y`.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    /// Paints every pixel of the frame with one colour.
    public func fill(_ color: Color) {
        fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: color)
    }

    /// Paints the pixels whose centres lie in `rect` (clipped to the frame) with one colour.
    public func fill(_ rect: Rect, color: Color, alpha: Double = 1) {
        let columns = pixelRange(rect.minX, rect.maxX, limit: width).clamped(to: drawableColumns)
        let rows = pixelRange(rect.minY, rect.maxY, limit: height).clamped(to: drawableRows)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let pixel = color.pixel
        let coverage = UInt32(max(0, min(1, alpha)) * 256)
        for y in rows {
            let row = pixels + y * stride
            if coverage >= 256 {
                (row + columns.lowerBound).update(repeating: pixel, count: columns.count)
            } else {
                for x in columns { row[x] = blend(row[x], pixel, alpha: coverage) }
            }
        }
    }

    private func pixelRange(_ low: Double, _ high: Double, limit: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let first = Int(max(0, min(Double(limit), (low - 0.5).rounded(.up))))
        let end = Int(max(0, min(Double(limit), (high - 0.5).rounded(.up))))
        return first..<max(first, end)
    }
}
