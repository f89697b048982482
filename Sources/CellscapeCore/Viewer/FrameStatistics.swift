/// Timings of the last frames, for the HUD: frames per second and mean milliseconds per step and per frame.
public struct FrameStatistics: Sendable {
    /// How many recent frames the figures cover.
    public static let window = 60

    private var frameStarts: [UInt64] = []
    private var stepNanoseconds: [UInt64] = []
    private var frameNanoseconds: [UInt64] = []

    /// No frames yet.
    public init() {}

    /// Records one frame: when it started, how long its step and the whole frame took (nanoseconds).
    public mutating func record(start: UInt64, step: UInt64, frame: UInt64) {
        Self.append(start, to: &frameStarts)
        Self.append(step, to: &stepNanoseconds)
        Self.append(frame, to: &frameNanoseconds)
    }

    /// Forgets the past frames, so an idle pause does not lower the frame rate shown.
    public mutating func restart() {
        frameStarts.removeAll(keepingCapacity: true)
    }

    /// Frames per second over the recent frames, 0 before two frames.
    public var framesPerSecond: Double {
        guard frameStarts.count > 1, let first = frameStarts.first, let last = frameStarts.last, last > first
        else { return 0 }
        return Double(frameStarts.count - 1) * 1e9 / Double(last - first)
    }

    /// Mean milliseconds per simulation step over the recent frames.
    public var stepMilliseconds: Double { Self.meanMilliseconds(stepNanoseconds) }

    /// Mean milliseconds per whole frame (step, raster, present) over the recent frames.
    public var frameMilliseconds: Double { Self.meanMilliseconds(frameNanoseconds) }

    private static func append(_ value: UInt64, to samples: inout [UInt64]) {
        if samples.count == window { samples.removeFirst() }
        samples.append(value)
    }

    private static func meanMilliseconds(_ samples: [UInt64]) -> Double {
        samples.isEmpty ? 0 : Double(samples.reduce(0, +)) / Double(samples.count) / 1e6
    }
}
