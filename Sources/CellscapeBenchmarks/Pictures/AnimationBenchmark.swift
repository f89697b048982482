import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench images --make-gifs`: a feed of animated GIFs played as the viewer's loop plays
/// them (sleeping until the next frame is due, drawing when a frame changed), scrolling and still.
public struct AnimationBenchmark {
    /// What was measured, in each phase.
    public struct Report: Sendable {
        /// Animated tiles on screen.
        public var tilesPlaying: Int
        /// Frame times (advance and draw) while scrolling: median and p99, in milliseconds.
        public var scrollMedian: Double
        public var scrollP99: Double
        /// Animation frames shown, and how many more than 20 ms after they were due.
        public var framesShown: Int
        public var framesLate: Int
        /// The process's CPU time (every thread) over wall time with nothing scrolling, in percent of
        /// one core, and the frames drawn a second meanwhile.
        public var stillCPUPercent: Double
        public var stillDrawsPerSecond: Double
        /// The peak resident memory, in MB, and the memory bound of the feed.
        public var peakMegabytes: Double
        public var budgetMegabytes: Int
    }

    public var paths: [String]
    public var memoryBytes: Int

    public init(paths: [String], memoryBytes: Int = 256 << 20) {
        self.paths = paths
        self.memoryBytes = memoryBytes
    }

    /// Plays the feed in a 1280x800 window: `scrollSeconds` of scrolling down a line every other
    /// frame, then `stillSeconds` at rest.
    public func run(scrollSeconds: Double = 10, stillSeconds: Double = 10, progress: (String) -> Void = { _ in })
        -> Report
    {
        let feed = PictureFeed(
            paths: paths, threads: ParallelChunks.processorCount, diskCache: nil, memoryBytes: memoryBytes
        ) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        _ = scene.takePictureResults()
        let frame = Framebuffer(width: 1280, height: 800)
        progress("scrolling through animated GIFs for \(Int(scrollSeconds)) s")
        var times: [UInt64] = []
        var drawn = 0
        play(&scene, feed: feed, into: frame, seconds: scrollSeconds) { scene, frameNumber in
            if frameNumber % 2 == 0 { scene.handle(.key(.lineDown)) }
            return true
        } timed: {
            times.append($0)
        }
        let (shown, late) = feed.animations.animationFrames
        progress(
            "\(scene.layout.indices(in: scene.visibleRect).count) tiles playing: a loop of each, then "
                + "\(Int(stillSeconds)) s at rest"
        )
        // One loop of every animation first (6 s at 60 frames of 100 ms): the frames that fit are kept.
        play(&scene, feed: feed, into: frame, seconds: 7) { _, _ in
            false
        } timed: { _ in
        }
        let cpuBefore = Self.processCPUSeconds()
        let start = monotonicNanoseconds()
        play(&scene, feed: feed, into: frame, seconds: stillSeconds) { _, _ in
            false
        } timed: { _ in
            drawn += 1
        }
        let wall = Double(monotonicNanoseconds() - start) / 1e9
        let cpu = Self.processCPUSeconds() - cpuBefore
        times.sort()
        let percentile = { (p: Double) in
            times.isEmpty ? 0 : Double(times[min(times.count - 1, Int(Double(times.count) * p))]) / 1e6
        }
        return Report(
            tilesPlaying: scene.layout.indices(in: scene.visibleRect).filter { feed.header(at: $0)?.isAnimated == true }
                .count,
            scrollMedian: percentile(0.5), scrollP99: percentile(0.99), framesShown: shown, framesLate: late,
            stillCPUPercent: 100 * cpu / wall, stillDrawsPerSecond: Double(drawn) / wall,
            peakMegabytes: ForceBenchmark.peakMegabytes(), budgetMegabytes: memoryBytes >> 20)
    }

    /// The viewer's loop without a window: takes results, moves animations on, steps and draws at most
    /// 60 times a second when something changed, and sleeps until the next deadline otherwise.
    private func play(
        _ scene: inout WaterfallScene, feed: PictureFeed, into frame: Framebuffer, seconds: Double,
        input: (inout WaterfallScene, Int) -> Bool, timed: (UInt64) -> Void
    ) {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        let interval: UInt64 = 1_000_000_000 / 60
        var nextFrame = monotonicNanoseconds()
        var frameNumber = 0
        var needsDisplay = true
        var damage: [Rect] = []
        while monotonicNanoseconds() < end {
            if scene.takePictureResults() { needsDisplay = true }
            let now = monotonicNanoseconds()
            if feed.animations.advanceAnimations(to: now, early: FeedAnimations.frameCoalescing) {
                damage += scene.damage(animating: feed.animations.advancedFrames)
            }
            let moving = input(&scene, frameNumber) || scene.isAnimating
            if (needsDisplay || moving || !damage.isEmpty) && now >= nextFrame {
                let started = monotonicNanoseconds()
                scene.advance()
                scene.prepareFrame()
                // As the viewer draws: only the tiles whose frame moved on, when nothing else changed.
                let clips: [Rect?] = needsDisplay || moving ? [nil] : DamagedRegions.merged(damage)
                for clip in clips {
                    frame.clip = clip
                    scene.render(into: frame, text: nil)
                }
                frame.clip = nil
                timed(monotonicNanoseconds() - started)
                needsDisplay = false
                damage.removeAll()
                frameNumber += 1
                nextFrame = max(nextFrame + interval, now)
                continue
            }
            var wake: UInt64? = needsDisplay || moving || !damage.isEmpty ? nextFrame : nil
            if let due = feed.animations.nextAnimationDeadline { wake = min(wake ?? due, due) }
            let wait = wake.map { $0 > now ? Int32(min(100, ($0 - now + 999_999) / 1_000_000)) : 0 } ?? 100
            if wait > 0 { feed.loader.waitForWake(milliseconds: wait) }
        }
    }

    /// The CPU time of every thread of the process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
