import CellscapeLayout

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
    private var masks: [UInt64: CircleMask] = [:]
    /// The most masks kept; a frame with more radii draws the others directly.
    static let maskLimit = 16

    /// Creates a rasterizer that uses `threads` threads (by default one per core).
    public init(threads: Int? = nil) {
        pool = WorkerPool.shared(workers: threads ?? ParallelChunks.processorCount)
    }

    /// Draws `circles` in order, over a frame first painted with `background`, or over what the frame
    /// holds when `background` is `nil`.
    public func draw(_ circles: [Circle], into frame: Framebuffer, background: Color? = nil) {
        circles.withUnsafeBufferPointer { draw($0, into: frame, background: background) }
    }

    /// Draws `circles` in order, over a frame first painted with `background`, or over what the frame
    /// holds when `background` is `nil`.
    public func draw(_ circles: UnsafeBufferPointer<Circle>, into frame: Framebuffer, background: Color? = nil) {
        let bands = (frame.height + Self.bandHeight - 1) / Self.bandHeight
        guard bands > 0, frame.width > 0 else { return }
        sortIntoBands(circles, height: frame.height, bands: bands)
        prepareMasks(for: circles)
        // Each band writes only its own rows; the circles, their order and the masks are read.
        let starts = bandStarts.shared
        let entries = entries.shared
        let circles = circles.baseAddress.map { DisjointBuffer(UnsafeMutablePointer(mutating: $0)) }
        let masks = masks
        let frame = frame.rows
        ParallelChunks(pool: pool).forEachChunk(count: bands, chunkSize: 1) { band, _ in
            let rows = band * Self.bandHeight..<min(frame.height, (band + 1) * Self.bandHeight)
            if let background {
                for y in rows {
                    (frame.pixels + y * frame.stride).update(repeating: background.pixel, count: frame.width)
                }
            }
            guard let circles else { return }
            var mask: CircleMask?
            for slot in starts[band]..<starts[band + 1] {
                let circle = circles[Int(entries[slot])]
                let circleRows = rows.clamped(to: circle.rows(clippedTo: frame.height))
                if mask?.radius != circle.radius { mask = masks[circle.radius.bitPattern] }
                if let mask {
                    mask.draw(circle, into: frame, rows: circleRows)
                } else {
                    circle.draw(into: frame, rows: circleRows)
                }
            }
        }
    }

    /// Makes sure a mask exists for each radius of at most ``CircleMask/largestRadius`` in `circles`,
    /// up to ``maskLimit`` of them.
    private func prepareMasks(for circles: UnsafeBufferPointer<Circle>) {
        var previous = -1.0
        for circle in circles where circle.radius != previous {
            previous = circle.radius
            guard circle.radius > 0, circle.radius <= CircleMask.largestRadius,
                masks[circle.radius.bitPattern] == nil
            else { continue }
            if masks.count >= Self.maskLimit { masks.removeAll(keepingCapacity: true) }
            masks[circle.radius.bitPattern] = CircleMask(radius: circle.radius)
        }
    }

    /// A counting sort of circle indices by band.
    private func sortIntoBands(_ circles: UnsafeBufferPointer<Circle>, height: Int, bands: Int) {
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
    }
}
