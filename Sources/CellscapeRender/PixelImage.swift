/// Pixels no one writes any more: a decoded picture, thumbnail or animation frame, made on a worker and
/// drawn on the main thread. It is immutable, so it crosses threads as a plain `Sendable` value.
///
/// A ``Framebuffer`` becomes one when its writer is done (``Framebuffer/finished()``), keeping its
/// memory: no pixel is copied.
public final class PixelImage: Sendable, PixelSource {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The number of pixels from one row to the next.
    public let stride: Int
    /// The pixels the memory holds, visible or not (what the image costs).
    public let capacity: Int
    /// Whether every visible pixel is opaque: drawn at full opacity, its pixels are copied, not blended.
    public let isOpaque: Bool
    /// The memory, which no one writes through after the image is made: so it may be read from any
    /// thread, though a pointer is not `Sendable`.
    nonisolated(unsafe) private let memory: UnsafeMutablePointer<UInt32>
    private let release: (@Sendable (UnsafeMutablePointer<UInt32>) -> Void)?

    init(
        width: Int, height: Int, stride: Int, capacity: Int, memory: UnsafeMutablePointer<UInt32>,
        release: (@Sendable (UnsafeMutablePointer<UInt32>) -> Void)?
    ) {
        self.width = width
        self.height = height
        self.stride = stride
        self.capacity = capacity
        self.memory = memory
        self.release = release
        isOpaque = Self.allOpaque(memory, width: width, height: height, stride: stride)
    }

    /// Whether every pixel of the rows has alpha 255: found once, by the worker that made the image.
    private static func allOpaque(_ memory: UnsafePointer<UInt32>, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            var alphas: UInt32 = 0xFF00_0000
            for pixel in UnsafeBufferPointer(start: memory + y * stride, count: width) { alphas &= pixel }
            if alphas != 0xFF00_0000 { return false }
        }
        return true
    }

    deinit {
        release?(memory)
    }

    /// The first pixel of the first row, `0xAARRGGBB` with premultiplied alpha.
    public var pixels: UnsafePointer<UInt32> { UnsafePointer(memory) }

    /// The first pixel of the first row.
    public var firstPixel: UnsafePointer<UInt32> { pixels }

    /// The pixel in column `x` of row `y`.
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * stride + x] }
}

/// Rows of 32-bit pixels to read from: a ``Framebuffer`` or a ``PixelImage``.
public protocol PixelSource {
    /// The width in pixels.
    var width: Int { get }
    /// The height in pixels.
    var height: Int { get }
    /// The number of pixels from one row to the next.
    var stride: Int { get }
    /// The first pixel of the first row.
    var firstPixel: UnsafePointer<UInt32> { get }
    /// Whether every visible pixel is known to be opaque.
    var isOpaque: Bool { get }
}

extension PixelSource {
    /// A copy of the visible pixels, row after row, without the padding of the stride.
    public var packedPixels: [UInt32] {
        var packed: [UInt32] = []
        packed.reserveCapacity(width * height)
        for y in 0..<height {
            packed.append(contentsOf: UnsafeBufferPointer(start: firstPixel + y * stride, count: width))
        }
        return packed
    }
}
