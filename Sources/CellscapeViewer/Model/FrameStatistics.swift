import CellscapeLayout
import CellscapeRender

/// Timings of the last frames, for the HUD: frames per second and mean milliseconds per step and per frame.
///
/// The means are `ExactMean`s of nanoseconds over a sliding window: each frame adds its sample and
/// removes the oldest, O(1).
public struct FrameStatistics: Sendable {
    /// How many recent frames the figures cover.
    public static let window = 60

    private var frameStarts: [UInt64] = []
    private var stepNanoseconds: [UInt64] = []
    private var frameNanoseconds: [UInt64] = []
    private var stepMean = ExactMean()
    private var frameMean = ExactMean()

    /// No frames yet.
    public init() {}

    /// Records one frame: when it started, how long its step and the whole frame took (nanoseconds).
    public mutating func record(start: UInt64, step: UInt64, frame: UInt64) {
        Self.append(start, to: &frameStarts)
        if let dropped = Self.append(step, to: &stepNanoseconds) { stepMean.remove(Int64(clamping: dropped)) }
        stepMean.add(Int64(clamping: step))
        if let dropped = Self.append(frame, to: &frameNanoseconds) { frameMean.remove(Int64(clamping: dropped)) }
        frameMean.add(Int64(clamping: frame))
    }

    /// Forgets the past frames, so an idle pause does not lower the frame rate shown.
    public mutating func restart() {
        frameStarts.removeAll(keepingCapacity: true)
    }

    /// Forgets everything: the figures then describe only frames recorded from now on.
    public mutating func reset() {
        self = FrameStatistics()
    }

    /// Whether recent frames were recorded: frame rates mean something only then.
    public var hasRecentFrames: Bool { frameStarts.count > 1 }

    /// Frames per second over the recent frames, 0 before two frames.
    public var framesPerSecond: Double {
        guard frameStarts.count > 1, let first = frameStarts.first, let last = frameStarts.last, last > first
        else { return 0 }
        return Double(frameStarts.count - 1) * 1e9 / Double(last - first)
    }

    /// Mean milliseconds per simulation step over the recent frames.
    public var stepMilliseconds: Double { (stepMean.nearest ?? 0) / 1e6 }

    /// Mean milliseconds per whole frame (step, raster, present) over the recent frames.
    public var frameMilliseconds: Double { (frameMean.nearest ?? 0) / 1e6 }

    /// Appends a sample, dropping (and returning) the oldest when the window is full.
    @discardableResult
    private static func append(_ value: UInt64, to samples: inout [UInt64]) -> UInt64? {
        let dropped = samples.count == window ? samples.removeFirst() : nil
        samples.append(value)
        return dropped
    }
}
