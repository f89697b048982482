import CellscapeLayout
import CellscapePictures
import CellscapeRender
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
        options.pictures = feed
        options.showsHUD = false
        var scene = WaterfallScene(options: options)
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
        let (shown, late) = feed.animationFrames
        progress(
            "\(scene.layout.indices(in: scene.visibleRect).count) tiles playing: a loop of each, then \(Int(stillSeconds)) s at rest"
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
            tilesPlaying: scene.layout.indices(in: scene.visibleRect).filter { feed.headers[$0]?.isAnimated == true }
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
        while monotonicNanoseconds() < end {
            if scene.takePictureResults() { needsDisplay = true }
            let now = monotonicNanoseconds()
            if feed.advanceAnimations(to: now) { needsDisplay = true }
            let moving = input(&scene, frameNumber) || scene.isAnimating
            if (needsDisplay || moving) && now >= nextFrame {
                let started = monotonicNanoseconds()
                scene.advance()
                scene.render(into: frame, text: nil)
                timed(monotonicNanoseconds() - started)
                needsDisplay = false
                frameNumber += 1
                nextFrame = max(nextFrame + interval, now)
                continue
            }
            var wake: UInt64? = needsDisplay || moving ? nextFrame : nil
            if let due = feed.nextAnimationDeadline { wake = min(wake ?? due, due) }
            let wait = wake.map { $0 > now ? Int32(min(100, ($0 - now + 999_999) / 1_000_000)) : 0 } ?? 100
            if wait > 0 { feed.loader.waitForWake(milliseconds: wait) }
        }
    }

    /// Writes `count` animated GIFs of `width` x `height`, `frames` frames at 10 a second, looping for
    /// ever, a third of them with a transparent background; returns their paths.
    public static func makeGIFs(_ folder: String, count: Int, width: Int = 480, height: Int = 270, frames: Int = 60)
        throws -> [String]
    {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A colour cube of 6 x 7 x 6 levels; index 255 is the transparent one.
        var palette = [UInt8](repeating: 0, count: 768)
        for index in 0..<252 {
            palette[3 * index] = UInt8(index / 42 * 51)
            palette[3 * index + 1] = UInt8(index / 6 % 7 * 42)
            palette[3 * index + 2] = UInt8(index % 6 * 51)
        }
        var paths: [String] = []
        for picture in 0..<count {
            let transparent = picture % 3 == 2
            var indices = [UInt8](repeating: 0, count: width * height * frames)
            var random = SplitMix64(seed: UInt64(picture) &+ 11)
            let colours = (0..<4).map { _ in UInt8(random.next() % 252) }
            for frame in 0..<frames {
                // A disc circling over a banded background: every frame changes.
                let angle = Double(frame) / Double(frames) * 2 * .pi
                let centre = (Double(width) * (0.5 + 0.3 * cos(angle)), Double(height) * (0.5 + 0.3 * sin(angle)))
                let radius = Double(height) / 5
                for y in 0..<height {
                    for x in 0..<width {
                        let dx = Double(x) - centre.0
                        let dy = Double(y) - centre.1
                        let inDisc = dx * dx + dy * dy < radius * radius
                        let band = colours[(x / 40 + y / 40 + frame / 10) % 2 + 1]
                        indices[(frame * height + y) * width + x] = inDisc ? colours[0] : (transparent ? 255 : band)
                    }
                }
            }
            let bytes = PictureEncoder.gif(
                indices: indices, width: width, height: height, frames: frames, palette: palette,
                transparentIndex: transparent ? 255 : nil, centiseconds: 10)
            let path = "\(folder)/animation\(picture + 1).gif"
            guard let bytes, FileManager.default.createFile(atPath: path + ".partial", contents: Data(bytes)),
                rename(path + ".partial", path) == 0
            else { throw CocoaError(.fileWriteUnknown) }
            paths.append(path)
        }
        return paths
    }

    /// The CPU time of every thread of the process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
