import CX11
import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import CellscapeX11
import Foundation

/// Times whole frames of the viewer in a real window: step, raster, present and XSync, each part apart.
/// In the waterfall view every frame scrolls by a wheel notch (100 px), down for 100 frames, then up;
/// with pictures, each frame first takes the thumbnails that arrived, as the viewer's loop does.
public struct FrameBench {
    /// The timings of one run, in milliseconds per frame.
    public struct Report: Sendable {
        /// The frames measured.
        public var frames: Int
        /// Whether frames went through MIT-SHM.
        public var sharedMemory: Bool
        /// Median and 95th percentile of the whole frame.
        public var frame: (median: Double, p95: Double)
        /// The 99th percentile of the whole frame.
        public var p99: Double
        /// The exact mean of the whole frame's nanoseconds (``ExactMean``), in milliseconds.
        public var frameMean: Double
        /// Medians of the parts.
        public var step: Double
        /// The median of rasterizing the frame.
        public var raster: Double
        /// The median of presenting and syncing.
        public var present: Double
    }

    private let options: ViewerOptions
    private let pictures: PictureFeed?
    private let frames: Int

    /// A run of `frames` measured frames (after 10 unmeasured ones) of the scene `options` describe.
    public init(options: ViewerOptions, pictures: PictureFeed? = nil, frames: Int) {
        self.pictures = pictures
        self.options = options
        self.frames = max(1, frames)
    }

    /// Opens the window, waits until it is mapped, then runs the frames.
    public func run() throws(ViewerError) -> Report {
        let connection = try X11Connection(displayName: options.displayName)
        let size = options.scene.size
        let window = try X11Window(connection: connection, size: size, title: "Cellscape bench", icon: nil)
        let presenter = X11Presenter(
            window: window, width: Int(size.width), height: Int(size.height), sharedMemory: options.sharedMemory)
        window.map()
        var event = XEvent()
        repeat { XNextEvent(connection.display, &event) } while event.type != MapNotify
        let driver = ViewerDriver(
            force: options.scene, waterfall: options.waterfall, pictures: pictures, view: options.view)
        // The viewer's own scheduler, unpaced: every turn that has a frame to draw draws it at once.
        let scheduler = FrameScheduler(driver: driver, framesPerSecond: 1_000_000_000)
        scheduler.isMapped = true
        let rasterizer = CircleRasterizer()
        let text = try? TextRenderer()
        var samples: [(frame: UInt64, step: UInt64, raster: UInt64, present: UInt64)] = []
        var number = 0
        while number < frames + 10 {
            let start = monotonicNanoseconds()
            let scrolls = driver.model.view == .waterfall
            scheduler.take(scrolls ? [.wheel(number % 200 < 100 ? 1 : -1)] : [], now: start)
            // Pictures that finished meanwhile, taken as the viewer's loop takes them.
            scheduler.takeProgress(now: start)
            guard scheduler.beginFrame(now: monotonicNanoseconds()) != nil else {
                scheduler.changed()
                continue
            }
            driver.advance()
            let stepped = monotonicNanoseconds()
            driver.prepareFrame()
            driver.render(into: presenter.framebuffer, rasterizer: rasterizer, text: text)
            let drawn = monotonicNanoseconds()
            presenter.present()
            let presented = monotonicNanoseconds()
            scheduler.frameDrawn(started: start)
            if number >= 10 { samples.append((presented - start, stepped - start, drawn - stepped, presented - drawn)) }
            number += 1
        }
        func median(_ values: [UInt64], quantile: Double = 0.5) -> Double {
            let sorted = values.sorted()
            return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * quantile))]) / 1e6
        }
        let frameTimes = samples.map(\.frame)
        return Report(
            frames: samples.count, sharedMemory: presenter.usesSharedMemory,
            frame: (median(frameTimes), median(frameTimes, quantile: 0.95)), p99: median(frameTimes, quantile: 0.99),
            frameMean: (ExactMean(frameTimes.map { Int64(clamping: $0) }).nearest ?? 0) / 1e6,
            step: median(samples.map(\.step)),
            raster: median(samples.map(\.raster)), present: median(samples.map(\.present)))
    }
}
