import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import CellscapeX11
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Animated pictures playing in a real window, as the viewer plays them (its own loop, partial
/// redraws and presents): the process's CPU over a while after a warm-up, and what it presented. The
/// X server's share is not the process's: `scripts/animated-cpu` measures both beside Chromium.
public struct AnimatedWindowBench {
    /// What a run measured.
    public struct Report: Sendable {
        /// The share of a core the process used over the measured seconds (every thread).
        public var cpu: Double
        /// Frames drawn, those drawn and presented in part, and the megapixels presented a second.
        public var frames: Int
        public var partialFrames: Int
        public var megapixelsPerSecond: Double
        /// The 99th percentile of a frame, in ms.
        public var p99: Double
    }

    private let paths: [String]
    private let size: Size
    private let warmUp: Double
    private let seconds: Double

    /// Plays `paths` in a window of `size` for `warmUp` seconds, then measures `seconds`.
    public init(paths: [String], size: Size = Size(width: 1280, height: 800), warmUp: Double = 8, seconds: Double) {
        self.paths = paths
        self.size = size
        self.warmUp = warmUp
        self.seconds = seconds
    }

    public func run() throws(ViewerError) -> Report {
        var options = ViewerOptions()
        options.view = .waterfall
        options.scene.size = size
        options.waterfall.size = size
        options.readyDescriptor = -1
        let feed = PictureFeed(paths: paths, diskCache: nil, memoryBytes: 256 << 20) { _ in }
        let viewer = try Viewer(options: options, pictures: feed)
        let measured = Guarded((start: 0.0, end: 0.0, frames: 0, partial: 0, pixels: 0))
        let (warmUp, seconds) = (self.warmUp, self.seconds)
        // The viewer runs until a signal: this thread reads the clock around the measured seconds, then
        // sends it SIGTERM, as a user's kill would.
        Thread {
            Thread.sleep(forTimeInterval: warmUp)
            measured.withLock { $0.start = AnimationBenchmark.processCPUSeconds() }
            Thread.sleep(forTimeInterval: seconds)
            measured.withLock { $0.end = AnimationBenchmark.processCPUSeconds() }
            kill(getpid(), SIGTERM)
        }.start()
        viewer.run()
        let times = viewer.frameTimes
        let cpu = measured.withLock { ($0.end - $0.start) / seconds }
        return Report(
            cpu: cpu, frames: times.frames, partialFrames: times.partialFrames,
            megapixelsPerSecond: Double(times.presentedPixels) / 1e6 / (warmUp + seconds),
            p99: times.percentile(0.99) ?? 0)
    }
}
