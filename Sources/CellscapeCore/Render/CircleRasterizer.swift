/// Draws many antialiased circles into a ``Framebuffer``, split into horizontal bands over all cores.
///
/// Circles are sorted into the bands they touch (keeping their order), and each band draws its own in
/// order, so later circles cover earlier ones and the result is the same whatever the thread count.
public final class CircleRasterizer {
    /// The rows in one band.
    static let bandHeight = 16

    private let pool: WorkerPool
    private let bandStarts = ScratchBuffer<Int>()
    private let bandFill = ScratchBuffer<Int>()
    private let entries = ScratchBuffer<Int32>()

    /// Creates a rasterizer that uses `threads` threads (by default one per core).
    public init(threads: Int? = nil) {
        pool = WorkerPool(workers: threads ?? ParallelChunks.processorCount)
    }

    /// Draws `circles` in order over what the frame holds.
    public func draw(_ circles: [Circle], into frame: Framebuffer) {
        circles.withUnsafeBufferPointer { draw($0, into: frame) }
    }

    /// Draws `circles` in order over what the frame holds.
    public func draw(_ circles: UnsafeBufferPointer<Circle>, into frame: Framebuffer) {
        let bands = (frame.height + Self.bandHeight - 1) / Self.bandHeight
        guard bands > 0, frame.width > 0, !circles.isEmpty else { return }
        let total = sortIntoBands(circles, height: frame.height, bands: bands)
        guard total > 0 else { return }
        let starts = bandStarts.pointer
        let entries = entries.pointer
        ParallelChunks(pool: pool).forEachChunk(count: bands, chunkSize: 1) { band, _ in
            let rows = band * Self.bandHeight..<min(frame.height, (band + 1) * Self.bandHeight)
            for slot in starts[band]..<starts[band + 1] {
                let circle = circles[Int(entries[slot])]
                circle.draw(into: frame, rows: rows.clamped(to: circle.rows(clippedTo: frame.height)))
            }
        }
    }

    /// A counting sort of circle indices by band; returns the number of entries.
    private func sortIntoBands(_ circles: UnsafeBufferPointer<Circle>, height: Int, bands: Int) -> Int {
        bandStarts.reserve(bands + 1)
        bandFill.reserve(bands + 1)
        let starts = bandStarts.pointer
        let fill = bandFill.pointer
        starts.update(repeating: 0, count: bands + 1)
        for circle in circles {
            let rows = circle.rows(clippedTo: height)
            guard !rows.isEmpty else { continue }
            for band in rows.lowerBound / Self.bandHeight...(rows.upperBound - 1) / Self.bandHeight {
                starts[band + 1] += 1
            }
        }
        for band in 0..<bands { starts[band + 1] += starts[band] }
        let total = starts[bands]
        entries.reserve(total)
        fill.update(from: starts, count: bands)
        let entries = entries.pointer
        for (index, circle) in circles.enumerated() {
            let rows = circle.rows(clippedTo: height)
            guard !rows.isEmpty else { continue }
            for band in rows.lowerBound / Self.bandHeight...(rows.upperBound - 1) / Self.bandHeight {
                entries[fill[band]] = Int32(index)
                fill[band] += 1
            }
        }
        return total
    }
}
