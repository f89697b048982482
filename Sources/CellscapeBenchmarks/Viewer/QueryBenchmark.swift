import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench query`: the query line as a user meets it, headless in the driver's frame: from
/// Enter to the first screen of each new search drawn with its pixels; back to the feed read before
/// (one frame, and how many of its tiles in view show at once); and scrolling a notch a frame at 60
/// frames a second, then the same while a query is typed a key each 300 ms, each typing pause asking
/// the server for suggestions: the frames' p99 with and without.
public struct QueryBenchmark {
    public struct Report: Sendable {
        /// From Enter to the first screen, in milliseconds, for each query.
        public var enter: [Double]
        /// The frame of each back and forward, in milliseconds.
        public var back: [Double]
        /// Tiles in view with their pixels at the first frame back, and tiles in view.
        public var backTiles: (shown: Int, visible: Int)
        /// Frame p99 and median while scrolling, without and with suggestions asked, in milliseconds.
        public var scrollQuiet: (median: Double, p99: Double)
        public var scrollSuggesting: (median: Double, p99: Double)
        /// Suggestions asked while scrolling.
        public var asks: Int
    }

    let driver: ViewerDriver
    let frame: Framebuffer
    private let rasterizer = CircleRasterizer(threads: 1)

    /// A benchmark of `driver`, its model showing its first source, in a frame of the model's size.
    public init(driver: ViewerDriver) {
        self.driver = driver
        frame = Framebuffer(width: Int(driver.model.size.width), height: Int(driver.model.size.height))
    }

    public func run(queries: [String], scrollSeconds: Double, progress: (String) -> Void = { _ in }) throws -> Report {
        driver.renderWithPicturesArrived(into: frame, rasterizer: rasterizer, text: nil, timeout: 120)
        var enter: [Double] = []
        for query in queries {
            enter.append(try open(query))
            progress("\(query): first screen in \(Int(enter.last!)) ms")
        }
        var back: [Double] = []
        var backTiles = (shown: 0, visible: 0)
        for turn in 0..<10 {
            let start = monotonicNanoseconds()
            driver.send(.key(turn % 2 == 0 ? .historyBack : .historyForward))
            drawFrame()
            back.append(Double(monotonicNanoseconds() - start) / 1e6)
            if turn == 0 { backTiles = tilesShown() }
        }
        progress("back: \(backTiles.shown) of \(backTiles.visible) tiles at the first frame")
        let quiet = scroll(seconds: scrollSeconds, typing: false)
        let asked = driver.suggestionAsks
        let suggesting = scroll(seconds: scrollSeconds, typing: true)
        driver.send(.edit(.cancel))
        return Report(
            enter: enter, back: back, backTiles: backTiles, scrollQuiet: quiet, scrollSuggesting: suggesting,
            asks: driver.suggestionAsks - asked)
    }

    /// Types `query` and times Enter to its first screen drawn with its pixels, in milliseconds.
    private func open(_ query: String) throws -> Double {
        driver.send(.key(.openQuery))
        driver.send(.text(query))
        let start = monotonicNanoseconds()
        driver.send(.edit(.submit))
        while driver.isOpeningSource {
            if let name = driver.readySource() {
                driver.send(.showSource(name))
                break
            }
            wait(milliseconds: 50)
        }
        guard !driver.isOpeningSource, driver.model.waterfall.pictures?.count ?? 0 > 0 else {
            throw QueryBenchmarkFailure(
                description: "\(query) did not open: \(driver.model.waterfall.status?.text ?? "")")
        }
        driver.renderWithPicturesArrived(into: frame, rasterizer: rasterizer, text: nil, timeout: 120)
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    /// One frame as the window's loop draws it.
    private func drawFrame() {
        _ = driver.takePictureResults()
        _ = driver.takeSuggestions()
        driver.askSuggestionsIfDue()
        driver.advance()
        driver.prepareFrame()
        driver.render(into: frame, rasterizer: rasterizer, text: nil)
    }

    private func tilesShown() -> (shown: Int, visible: Int) {
        let scene = driver.model.waterfall
        guard let pictures = scene.pictures else { return (0, 0) }
        let visible = scene.layout.indices(in: scene.visibleRect)
        return (visible.filter { pictures.hasThumbnail(at: $0) }.count, visible.count)
    }

    /// Scrolls a notch a frame for `seconds` at 60 frames a second, typing a key each 300 ms when
    /// `typing`; the frames' median and p99 in milliseconds.
    private func scroll(seconds: Double, typing: Bool) -> (median: Double, p99: Double) {
        if typing { driver.send(.key(.openQuery)) }
        let start = monotonicNanoseconds()
        let interval: UInt64 = 1_000_000_000 / 60
        var next = start
        var typed = start
        var times: [UInt64] = []
        while monotonicNanoseconds() - start < UInt64(seconds * 1e9) {
            let now = monotonicNanoseconds()
            guard now >= next else {
                wait(milliseconds: Int32(max(1, (next - now) / 1_000_000)))
                continue
            }
            if typing, now - typed >= 300_000_000 {
                driver.send(.text("c"))
                typed = now
            }
            driver.send(.wheel(1))
            drawFrame()
            times.append(monotonicNanoseconds() - now)
            next = max(next + interval, now)
        }
        times.sort()
        let at = { (share: Double) in Double(times[min(times.count - 1, Int(Double(times.count) * share))]) / 1e6 }
        return times.isEmpty ? (0, 0) : (at(0.5), at(0.99))
    }

    /// Sleeps in `poll` on what the window's loop polls, `milliseconds` at most.
    private func wait(milliseconds: Int32) {
        var descriptors = driver.descriptorsToPoll.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    }
}

/// A query the benchmark could not open.
public struct QueryBenchmarkFailure: Error, CustomStringConvertible {
    public var description: String
}
