import Testing

@testable import CellscapeViewer

/// The frame times `--frame-times` writes: percentiles to the bucket's upper edge (0.1 ms), the
/// longest frame and turn exactly, and frames over a second kept as the longest.
@Suite struct FrameTimesTests {
    @Test func percentilesAreTheUpperEdgesOfTheirBuckets() {
        var times = FrameTimes()
        #expect(times.percentile(0.5) == nil)
        for _ in 0..<98 { times.addFrame(2_050_000) }
        times.addFrame(7_000_001)
        times.addFrame(250_000_000)
        times.addTurn(300_000_000)
        times.addAnimationFrames((shown: 750, late: 3))
        #expect(times.frames == 100)
        #expect(times.percentile(0.5) == 2.1)
        #expect(times.percentile(0.99) == 7.1)
        #expect(times.percentile(1) == 250)
        #expect(times.longestFrame == 250_000_000)
        #expect(times.longestTurn == 300_000_000)
        #expect(
            times.json
                == #"{"frames":100,"median_ms":2.1,"p99_ms":7.1,"longest_frame_ms":250.0,"longest_turn_ms":300.0,"#
                + #""partial_frames":0,"presented_megapixels":0.0,"animation_frames":750,"late_animation_frames":3}"#
                + "\n")
    }

    @Test func aFrameOverASecondIsKeptAsTheLongest() {
        var times = FrameTimes()
        times.addFrame(3_500_000_000)
        #expect(times.percentile(0.5) == 3500)
        #expect(times.longestTurn == 3_500_000_000)
    }

    @Test func aPercentileNeverExceedsTheLongestFrame() {
        var times = FrameTimes()
        times.addFrame(1_234_567)
        #expect(times.percentile(0.5) == 1.234567)
    }
}
