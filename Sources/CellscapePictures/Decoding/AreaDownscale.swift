import CPictureCodecs
import CellscapeRender

/// Shrinks a picture that arrives row by row to the exact mean of the area each output pixel covers:
/// a source pixel that straddles two output pixels is split between them by the share of it each
/// covers, so no source pixel counts more than its area, whatever the ratio. Rows are taken one at a
/// time, so a picture of any height needs memory for a few output rows of sums, not for the picture.
///
/// Pixels arrive as B, G, R, A with straight alpha and leave premultiplied (`0xAARRGGBB`, each colour
/// already multiplied by its alpha), so the mean is weighted by alpha: a transparent pixel's colour,
/// whatever it is, never bleeds into its neighbours.
///
/// In integer units: a source column spans `width` units and an output column `sourceWidth` (rows
/// likewise), so every share is exact and an output pixel's weights add up to
/// `sourceWidth * sourceHeight`.
struct AreaDownscale {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    /// The output, filled as its rows complete.
    let output: Framebuffer
    /// Per source column: the output column its left part falls in, and the units of it there (the
    /// rest, `width` less that, falls in the next column).
    private let columns: [(first: Int, share: UInt32)]
    /// The source row being taken, summed across: premultiplied blue, green, red and alpha times their
    /// shares (one spare column for the last source pixel's empty remainder).
    private var across: [SIMD4<UInt32>]
    /// Sums of the output row being gathered, and of the next, which a straddling source row reaches.
    private var current: [SIMD4<UInt64>]
    private var next: [SIMD4<UInt64>]
    private var row = 0
    private var outputRow = 0

    /// A downscale of a `sourceWidth` x `sourceHeight` picture to `width` x `height` (each at most the
    /// source's, at least 1), into a framebuffer of that size from `output`.
    init(
        sourceWidth: Int, sourceHeight: Int, width: Int, height: Int,
        output: (Int, Int) -> Framebuffer = { Framebuffer(width: $0, height: $1) }
    ) {
        self.sourceWidth = max(1, sourceWidth)
        self.sourceHeight = max(1, sourceHeight)
        self.width = max(1, min(width, self.sourceWidth))
        self.height = max(1, min(height, self.sourceHeight))
        self.output = output(self.width, self.height)
        let (outputWidth, inputWidth) = (self.width, self.sourceWidth)
        columns = (0..<inputWidth).map { x in
            let start = x * outputWidth
            let first = start / inputWidth
            let share = min(start + outputWidth, (first + 1) * inputWidth) - start
            return (first, UInt32(share))
        }
        across = Array(repeating: .zero, count: self.width + 1)
        current = Array(repeating: .zero, count: self.width)
        next = Array(repeating: .zero, count: self.width)
    }

    /// Takes the next source row: `sourceWidth` pixels of B, G, R, A bytes, with straight alpha or,
    /// when `premultiplied` (a picture already decoded, shrunk further), premultiplied.
    mutating func add(row pixels: UnsafePointer<UInt8>, premultiplied: Bool = false) {
        guard row < sourceHeight else { return }
        // Row by row, a worker gives the frame loop its core back if it waits.
        cellscape_give_way()
        if premultiplied && width == sourceWidth && height == sourceHeight {
            UnsafeMutableRawPointer(output.pixels + row * output.stride).copyMemory(from: pixels, byteCount: 4 * width)
            row += 1
            return
        }
        if width == sourceWidth && height == sourceHeight {
            // Nothing to shrink (a thumbnail from the cache): the row as it is, premultiplied.
            let target = output.pixels + row * output.stride
            for x in 0..<width { target[x] = Self.premultiplied(pixels + 4 * x) }
            row += 1
            return
        }
        let full = UInt32(width)
        across.withUnsafeMutableBufferPointer { sums in
            for index in sums.indices { sums[index] = .zero }
            columns.withUnsafeBufferPointer { columns in
                let raw = UnsafeRawPointer(pixels)
                for x in 0..<columns.count {
                    // One load a pixel: B, G, R, A in its four bytes.
                    let pixel = raw.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    let alpha = pixel >> 24
                    var value = SIMD4(pixel & 0xFF, pixel >> 8 & 0xFF, pixel >> 16 & 0xFF, alpha)
                    if alpha != 255 && !premultiplied {
                        value = (value &* alpha &+ 127) / 255
                        value[3] = alpha
                    }
                    let (first, share) = columns[x]
                    sums[first] &+= value &* share
                    sums[first + 1] &+= value &* (full &- share)
                }
            }
        }
        let top = row * height
        let boundary = (outputRow + 1) * sourceHeight
        let share = UInt64(min(top + height, boundary) - top)
        let rest = UInt64(height) - share
        across.withUnsafeBufferPointer { across in
            current.withUnsafeMutableBufferPointer { current in
                next.withUnsafeMutableBufferPointer { next in
                    for x in 0..<current.count {
                        let sum = SIMD4<UInt64>(truncatingIfNeeded: across[x])
                        current[x] &+= sum &* share
                        if rest > 0 { next[x] &+= sum &* rest }
                    }
                }
            }
        }
        row += 1
        if top + height >= boundary { finishRow() }
    }

    /// Writes the means of the gathered row and starts the next.
    private mutating func finishRow() {
        // Sums stay below 2^53, so doubles hold them exactly; a multiply is far cheaper than a division.
        let reciprocal = 1 / (Double(sourceWidth) * Double(sourceHeight))
        let target = output.pixels + outputRow * output.stride
        current.withUnsafeBufferPointer { current in
            for x in 0..<current.count {
                let sum = current[x]
                // Lane by lane: SIMD conversions between doubles and integers take a slow generic path.
                let mean = { (lane: Int) in UInt32(Double(sum[lane]) * reciprocal + 0.5) }
                target[x] = mean(3) << 24 | mean(2) << 16 | mean(1) << 8 | mean(0)
            }
        }
        swap(&current, &next)
        next.withUnsafeMutableBufferPointer { next in next.update(repeating: .zero) }
        outputRow += 1
    }

    /// The B, G, R, A pixel at `pixel` (straight alpha) as a premultiplied `0xAARRGGBB` pixel.
    @inline(__always)
    static func premultiplied(_ pixel: UnsafePointer<UInt8>) -> UInt32 {
        let alpha = UInt32(pixel[3])
        let scale = { (channel: UInt8) in alpha == 255 ? UInt32(channel) : (UInt32(channel) * alpha + 127) / 255 }
        return alpha << 24 | scale(pixel[2]) << 16 | scale(pixel[1]) << 8 | scale(pixel[0])
    }
}
