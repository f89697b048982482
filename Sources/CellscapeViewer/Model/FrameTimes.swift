/// How long every frame took since the viewer started, and the longest turn of its loop: what
/// `cellscape view --frame-times` writes on exit, and what the soak checks against its 100 ms bound.
///
/// Frames go into buckets of 0.1 ms up to a second (longer ones into the last), so a window open for
/// hours keeps 40 KB; the longest frame and the longest turn are kept exactly.
public struct FrameTimes: Sendable {
    /// The width of a bucket, in nanoseconds.
    public static let bucketNanoseconds: UInt64 = 100_000
    static let bucketCount = 10_000

    private var buckets = [UInt32](repeating: 0, count: bucketCount)
    /// How many frames were recorded.
    public private(set) var frames = 0
    /// The longest frame, in nanoseconds.
    public private(set) var longestFrame: UInt64 = 0
    /// The longest turn of the loop, frame or not (a burst of input handled before the next frame
    /// counts too), in nanoseconds.
    public private(set) var longestTurn: UInt64 = 0
    /// The frames that redrew and presented only what changed, and the pixels every frame presented.
    public private(set) var partialFrames = 0
    public private(set) var presentedPixels = 0
    /// Frames of animations and clips shown, and those shown more than 20 ms after they were due.
    public private(set) var animationFrames = (shown: 0, late: 0)

    /// No frames yet.
    public init() {}

    /// Records a frame of `nanoseconds`, from the loop waking to the frame presented.
    public mutating func addFrame(_ nanoseconds: UInt64) {
        let bucket = min(Self.bucketCount - 1, Int(nanoseconds / Self.bucketNanoseconds))
        buckets[bucket] &+= 1
        frames += 1
        longestFrame = max(longestFrame, nanoseconds)
        addTurn(nanoseconds)
    }

    /// Records what a frame presented: `pixels`, and whether only the parts that changed.
    public mutating func addPresent(pixels: Int, partial: Bool) {
        presentedPixels += pixels
        if partial { partialFrames += 1 }
    }

    /// Records the frames of animations and clips shown, and how many of them late.
    public mutating func addAnimationFrames(_ frames: (shown: Int, late: Int)) {
        animationFrames.shown += frames.shown
        animationFrames.late += frames.late
    }

    /// Records a turn of the loop that took `nanoseconds` of work.
    public mutating func addTurn(_ nanoseconds: UInt64) {
        longestTurn = max(longestTurn, nanoseconds)
    }

    /// The frame time that `fraction` of the frames stay within, in milliseconds: the upper edge of
    /// its bucket (so within 0.1 ms above the true value), or nil before any frame.
    public func percentile(_ fraction: Double) -> Double? {
        guard frames > 0 else { return nil }
        let wanted = max(1, Int((fraction * Double(frames)).rounded(.up)))
        var seen = 0
        for (bucket, count) in buckets.enumerated() {
            seen += Int(count)
            if seen >= wanted && bucket < Self.bucketCount - 1 {
                return min(Double(UInt64(bucket + 1) * Self.bucketNanoseconds) / 1e6, Double(longestFrame) / 1e6)
            }
        }
        return Double(longestFrame) / 1e6
    }

    /// The figures as one line of JSON: frames, then the median, p99, longest frame and longest turn in
    /// ms, then the frames presented in part, the megapixels presented, and the animations' frames
    /// shown and late.
    public var json: String {
        func milliseconds(_ value: Double?) -> String {
            guard let value else { return "null" }
            return String((value * 1000).rounded() / 1000)
        }
        return """
            {"frames":\(frames),"median_ms":\(milliseconds(percentile(0.5))),\
            "p99_ms":\(milliseconds(percentile(0.99))),\
            "longest_frame_ms":\(milliseconds(Double(longestFrame) / 1e6)),\
            "longest_turn_ms":\(milliseconds(Double(longestTurn) / 1e6)),\
            "partial_frames":\(partialFrames),"presented_megapixels":\(milliseconds(Double(presentedPixels) / 1e6)),\
            "animation_frames":\(animationFrames.shown),"late_animation_frames":\(animationFrames.late)}

            """
    }
}
