import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench images`'s measurements on a folder: how fast the headers are scanned (page cache
/// warm), and how many thumbnails a second the loader makes for tiles of `side` pixels with no disk
/// cache, on every core.
public struct PictureBenchmark {
    /// What was measured.
    public struct Report: Sendable {
        public var pictures: Int
        public var headersPerSecond: Double
        public var thumbnailsPerSecond: Double
        public var failures: Int
        /// From nothing to every tile of the first screen (``window``) showing its thumbnail, in
        /// milliseconds: with no disk cache, and with the shared cache filled.
        public var firstScreen: Double
        public var firstScreenCached: Double
    }

    /// The pictures.
    public var paths: [String]
    /// The tile size the thumbnails fit.
    public var side: Int
    /// The window of the first screen (its tiles' side follows from its width).
    public var window: Size

    /// A benchmark of `paths` for tiles of `side` pixels, the first screen in `window`.
    public init(paths: [String], side: Int = 240, window: Size = Size(width: 1280, height: 800)) {
        self.paths = paths
        self.side = side
        self.window = window
    }

    /// Runs the measurements; `progress` hears each stage.
    public func run(progress: (String) -> Void = { _ in }) -> Report {
        progress("reading \(paths.count) headers (twice: the first warms the page cache)")
        var failures = 0
        var headersPerSecond = 0.0
        for round in 0..<2 {
            let loader = PictureLoader(paths: paths, threads: ParallelChunks.processorCount)
            let start = monotonicNanoseconds()
            let headers = loader.waitForResults(count: paths.count, seconds: 600)
            let seconds = Double(monotonicNanoseconds() - start) / 1e9
            if round == 1 {
                headersPerSecond = Double(headers.count) / seconds
                failures = headers.filter { if case .header(_, nil, _) = $0 { true } else { false } }.count
            }
        }
        progress("making \(paths.count) thumbnails of \(side) px")
        let loader = PictureLoader(paths: paths, threads: ParallelChunks.processorCount)
        _ = loader.waitForResults(count: paths.count, seconds: 600)
        let start = monotonicNanoseconds()
        for index in paths.indices { loader.requestThumbnail(PictureID(index), side: side, priority: index) }
        // Counted and let go as they come: keeping them would make the peak memory the bench's own.
        var thumbnails = 0
        let deadline = start + 3_600_000_000_000
        while thumbnails < paths.count && monotonicNanoseconds() < deadline {
            loader.waitForWake(milliseconds: 50)
            thumbnails += loader.takeResults().count
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        progress("the first screen, with no disk cache and then with it filled")
        let cacheRoot = Self.temporaryCacheRoot
        defer { try? FileManager.default.removeItem(atPath: cacheRoot) }
        let cache = ThumbnailCache(root: cacheRoot)
        let cold = Self.firstScreen(paths: paths, diskCache: nil, window: window)
        _ = Self.firstScreen(paths: paths, diskCache: cache, window: window)  // fills the cache
        let cached = Self.firstScreen(paths: paths, diskCache: cache, window: window)
        return Report(
            pictures: paths.count, headersPerSecond: headersPerSecond,
            thumbnailsPerSecond: Double(thumbnails) / seconds, failures: failures, firstScreen: cold,
            firstScreenCached: cached)
    }

    /// The first screen of `folder` as the viewer shows it, timed from the start of its listing (on a
    /// thread of its own, its pictures joining in batches) to every tile in `window` showing its
    /// thumbnail; with the shared cache empty, then filled. Also when the listing ended, and how many
    /// pictures it found.
    public static func firstScreenFromStart(folder: String, window: Size) -> (
        pictures: Int, listing: Double, cold: Double, cached: Double
    ) {
        let cacheRoot = temporaryCacheRoot
        defer { try? FileManager.default.removeItem(atPath: cacheRoot) }
        let cache = ThumbnailCache(root: cacheRoot)
        var listing = 0.0
        var pictures = 0
        let times = (0..<2).map { _ in
            let start = monotonicNanoseconds()
            let feed = PictureFeed(
                listing: [folder], recursive: false, threads: ParallelChunks.processorCount, diskCache: cache,
                memoryBytes: 256 << 20
            ) { _ in }
            let shown = firstScreen(of: feed, started: start, window: window)
            // Listed, and the thumbnails made stored (a worker stores them once nothing waits): the
            // second run finds the cache filled.
            while feed.isListing || feed.loader.thumbnailsUnsaved > 0 {
                feed.loader.waitForWake(milliseconds: 20)
                feed.takeResults()
            }
            listing = Double((feed.listedAt ?? monotonicNanoseconds()) - start) / 1e6
            pictures = feed.count
            return shown
        }
        return (pictures, listing, times[0], times[1])
    }

    /// Where a run fills a shared thumbnail cache of its own for the first screen, removed after it.
    public static let temporaryCacheRoot = NSTemporaryDirectory() + "cellscape-bench-cache-\(getpid())"

    /// Scrolls a 1280x800 waterfall of the pictures from top to bottom, a screen at a time, each screen
    /// waiting for its thumbnails, with `memoryBytes` of thumbnails kept; returns the seconds it took and
    /// the process's peak resident size afterwards, in MB.
    public func scrollThrough(memoryBytes: Int) -> (seconds: Double, peakMegabytes: Double) {
        let start = monotonicNanoseconds()
        var (feed, scene) = Self.screen(paths: paths, diskCache: nil, memoryBytes: memoryBytes)
        let frame = Framebuffer(width: 1280, height: 800)
        while feed.headersArrived < feed.count {
            feed.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
        }
        var offset = 0.0
        repeat {
            scene.scroll(toOffset: offset)
            let visible = scene.layout.indices(in: scene.visibleRect)
            repeat {
                scene.prepareFrame()
                scene.render(into: frame, text: nil)
                feed.loader.waitForWake(milliseconds: 5)
                scene.takePictureResults()
            } while !visible.allSatisfy({ feed.hasThumbnail(at: $0) || feed.isBroken(at: $0) })
            offset += 800
        } while offset < scene.maximumOffset + 800
        return (Double(monotonicNanoseconds() - start) / 1e9, ForceBenchmark.peakMegabytes())
    }

    /// A waterfall of the pictures in `window`, without a HUD, and the feed behind it.
    private static func screen(
        paths: [String], diskCache: ThumbnailCache?, memoryBytes: Int,
        window: Size = Size(width: 1280, height: 800)
    ) -> (PictureFeed, WaterfallScene) {
        let feed = feed(paths: paths, diskCache: diskCache, memoryBytes: memoryBytes)
        return (feed, scene(of: feed, window: window))
    }

    /// A feed of `paths` on every core, its problems unsaid.
    private static func feed(paths: [String], diskCache: ThumbnailCache?, memoryBytes: Int) -> PictureFeed {
        PictureFeed(
            paths: paths, threads: ParallelChunks.processorCount, diskCache: diskCache, memoryBytes: memoryBytes
        ) { _ in }
    }

    /// A waterfall of `feed` in `window`, without a HUD.
    private static func scene(of feed: PictureFeed, window: Size) -> WaterfallScene {
        var options = WaterfallScene.Options()
        options.showsHUD = false
        options.size = window
        return WaterfallScene(options: options, pictures: feed)
    }

    /// Milliseconds from a new feed to every tile of a waterfall in `window` showing its thumbnail, the
    /// main thread doing what the viewer's loop does: take results as they wake it, draw at most once
    /// a frame (60 a second).
    static func firstScreen(paths: [String], diskCache: ThumbnailCache?, window: Size) -> Double {
        let start = monotonicNanoseconds()
        let feed = feed(paths: paths, diskCache: diskCache, memoryBytes: 256 << 20)
        let milliseconds = firstScreen(of: feed, started: start, window: window)
        // The thumbnails made are stored once nothing waits: a next run finds them.
        while feed.loader.thumbnailsUnsaved > 0 {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        return milliseconds
    }

    /// Milliseconds from `start` to every tile of a waterfall of `feed` in `window` showing its
    /// thumbnail, the main thread doing what the viewer's loop does.
    static func firstScreen(of feed: PictureFeed, started start: UInt64, window: Size) -> Double {
        var scene = scene(of: feed, window: window)
        let frame = Framebuffer(width: Int(window.width), height: Int(window.height))
        let deadline = start + 60_000_000_000
        let interval: UInt64 = 1_000_000_000 / 60
        var nextFrame = start
        while monotonicNanoseconds() < deadline {
            let now = monotonicNanoseconds()
            if now < nextFrame {
                feed.loader.waitForWake(milliseconds: Int32((nextFrame - now + 999_999) / 1_000_000))
                scene.takePictureResults()
                continue
            }
            nextFrame = max(nextFrame + interval, now)
            scene.takePictureResults()
            scene.advance()
            scene.prepareFrame()
            scene.render(into: frame, text: nil)
            let visible = scene.layout.indices(in: scene.visibleRect)
            let screenFull =
                scene.layout.contentSize.height >= window.height || (!feed.isListing && scene.itemCount == feed.count)
            if screenFull && !visible.isEmpty
                && visible.allSatisfy({ feed.hasThumbnail(at: $0) || feed.isBroken(at: $0) })
            {
                break
            }
        }
        return Double(monotonicNanoseconds() - start) / 1e6
    }
}
