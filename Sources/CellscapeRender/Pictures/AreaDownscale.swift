/// Shrinks a picture that arrives row by row: every source pixel is added to the output pixel whose
/// area holds it, and each output pixel is the mean of its sources. Rows are taken one at a time, so a
/// picture of any height needs memory for one output row of sums, not for the picture.
struct AreaDownscale {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    /// The output, filled as its rows complete.
    let output: Framebuffer
    /// Per output pixel of the row being gathered: the sums of blue, green, red and the count.
    private var sums: [SIMD4<UInt32>]
    /// Per source column, its output column.
    private let columnOf: [Int]
    private var row = 0

    /// A downscale of a `sourceWidth` x `sourceHeight` picture to `width` x `height` (each at most the
    /// source's, at least 1).
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = max(1, min(width, sourceWidth))
        self.height = max(1, min(height, sourceHeight))
        output = Framebuffer(width: self.width, height: self.height)
        sums = Array(repeating: .zero, count: self.width)
        let outputWidth = self.width
        columnOf = (0..<sourceWidth).map { $0 * outputWidth / sourceWidth }
    }

    /// Takes the next source row: `sourceWidth` pixels of B, G, R, X bytes.
    mutating func add(row pixels: UnsafePointer<UInt8>) {
        guard row < sourceHeight else { return }
        let outputRow = row * height / sourceHeight
        for x in 0..<sourceWidth {
            let pixel = pixels + 4 * x
            sums[columnOf[x]] &+= SIMD4(UInt32(pixel[0]), UInt32(pixel[1]), UInt32(pixel[2]), 1)
        }
        row += 1
        let nextOutputRow = row * height / sourceHeight
        if row == sourceHeight || nextOutputRow != outputRow { finish(row: outputRow) }
    }

    /// Writes the means of the gathered row and starts the next.
    private mutating func finish(row outputRow: Int) {
        for x in 0..<width {
            let sum = sums[x]
            let count = max(1, sum[3])
            let half = count / 2
            let blue = (sum[0] + half) / count
            let green = (sum[1] + half) / count
            let red = (sum[2] + half) / count
            output[x, outputRow] = 0xFF00_0000 | red << 16 | green << 8 | blue
            sums[x] = .zero
        }
    }
}
