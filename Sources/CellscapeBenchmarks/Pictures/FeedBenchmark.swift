import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench feed`: a remote feed (a server on loopback, `scripts/feed-server`) as the viewer
/// shows it in a 1280x800 window: the first screen timed until every visible tile has its pixels;
/// scrolling a line a frame at 60 frames a second while downloads run, each frame's step and draw
/// timed; then pages streamed until `items` have joined, for the memory they leave.
public struct FeedBenchmark {
    public struct Report: Sendable {
        /// From making the feed to the first screen drawn with its pixels, in milliseconds.
        public var firstScreenMilliseconds: Double
        public var firstScreenTiles: Int
        /// Frame times while scrolling: median and p99, in milliseconds, and the frames timed.
        public var scrollMedian: Double
        public var scrollP99: Double
        public var scrollFrames: Int
        /// The most downloads seen running at once while scrolling.
        public var downloadsAtOnce: Int
        /// Items joined by the end, and the resident and peak memory then, in MB.
        public var items: Int
        public var residentMegabytes: Double
        public var peakMegabytes: Double
        public var streamSeconds: Double
    }

    /// Makes the feed (its source reading the server) when the clock starts.
    public var makeFeed: () -> PictureFeed
    /// How many downloads run now.
    public var downloadsRunning: () -> Int

    public init(makeFeed: @escaping () -> PictureFeed, downloadsRunning: @escaping () -> Int) {
        self.makeFeed = makeFeed
        self.downloadsRunning = downloadsRunning
    }

    public func run(items: Int, scrollSeconds: Double = 10, progress: (String) -> Void = { _ in }) -> Report {
        let start = monotonicNanoseconds()
        let feed = makeFeed()
        var options = WaterfallScene.Options()
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: 1280, height: 800)
        scene.renderWithPicturesArrived(into: frame, text: nil, timeout: 120)
        let firstScreen = Double(monotonicNanoseconds() - start) / 1e6
        let tiles = scene.layout.indices(in: scene.visibleRect).count
        progress("first screen in \(Int(firstScreen)) ms; scrolling for \(Int(scrollSeconds)) s")
        var times: [UInt64] = []
        var downloads = 0
        play(&scene, feed: feed, into: frame, until: { $0 >= UInt64(scrollSeconds * 1e9) }) { scene in
            scene.handle(.key(.lineDown))
            downloads = max(downloads, downloadsRunning())
        } timed: {
            times.append($0)
        }
        progress("streaming until \(items) items have joined")
        let streamStart = monotonicNanoseconds()
        play(&scene, feed: feed, into: frame, until: { _ in feed.count >= items }) { scene in
            scene.handle(.key(.pageDown))
        } timed: { _ in
        }
        let streamed = Double(monotonicNanoseconds() - streamStart) / 1e9
        times.sort()
        let percentile = { (p: Double) in
            times.isEmpty ? 0 : Double(times[min(times.count - 1, Int(Double(times.count) * p))]) / 1e6
        }
        return Report(
            firstScreenMilliseconds: firstScreen, firstScreenTiles: tiles, scrollMedian: percentile(0.5),
            scrollP99: percentile(0.99), scrollFrames: times.count, downloadsAtOnce: downloads, items: feed.count,
            residentMegabytes: Self.residentMegabytes(), peakMegabytes: ForceBenchmark.peakMegabytes(),
            streamSeconds: streamed)
    }

    /// The viewer's loop without a window, a frame each 60th of a second with `input` before each,
    /// until `done` (given the nanoseconds since the start) says so or 10 minutes pass.
    private func play(
        _ scene: inout WaterfallScene, feed: PictureFeed, into frame: Framebuffer, until done: (UInt64) -> Bool,
        input: (inout WaterfallScene) -> Void, timed: (UInt64) -> Void
    ) {
        let start = monotonicNanoseconds()
        let interval: UInt64 = 1_000_000_000 / 60
        var nextFrame = start
        while !done(monotonicNanoseconds() - start) && monotonicNanoseconds() - start < 600_000_000_000 {
            let now = monotonicNanoseconds()
            guard now >= nextFrame else {
                feed.loader.waitForWake(milliseconds: Int32(max(1, (nextFrame - now) / 1_000_000)))
                // As the window's loop takes what came on each wake, so the pipe is empty when it waits.
                _ = scene.takePictureResults()
                continue
            }
            let started = monotonicNanoseconds()
            _ = scene.takePictureResults()
            _ = feed.animations.advanceAnimations(to: started, early: FeedAnimations.frameCoalescing)
            input(&scene)
            scene.advance()
            scene.prepareFrame()
            scene.render(into: frame, text: nil)
            timed(monotonicNanoseconds() - started)
            nextFrame = max(nextFrame + interval, now)
        }
    }

    /// The process's resident memory now, in MB (`/proc/self/statm`).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
