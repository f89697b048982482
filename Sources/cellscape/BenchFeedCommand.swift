import ArgumentParser
import CellscapeBenchmarks
import CellscapeFeeds
import CellscapePictures
import CellscapeRemote
import Foundation

/// `cellscape bench feed`: a remote feed from a server on loopback, as the window shows it.
struct BenchFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract:
            "Benchmark a remote feed from a server on this machine (scripts/feed-server): first screen, scrolling, memory.",
        discussion: """
            In a 1280x800 frame drawn headless: the first screen timed from the start until every visible \
            tile has its pixels; then --scroll-seconds of scrolling a line a frame at 60 frames a second \
            while downloads run (each frame's step and draw timed); then pages streamed a screen a frame \
            until --items have joined, with the resident memory then. Give the feed's address and \
            --api-base; set XDG_CACHE_HOME to a new folder to start with no downloads cached.
            """)

    @OptionGroup var pictures: PictureOptions

    @Option(parsing: .unconditional, help: "Stream until this many items have joined.")
    var items = 5000

    @Option(parsing: .unconditional, help: "How long to scroll while downloads run, in seconds.")
    var scrollSeconds = 10.0

    func validate() throws {
        guard pictures.paths.count == 1, FeedAddress.looksLikeAddress(pictures.paths[0]) else {
            throw ValidationError("give one feed's address (giphy:search/WORDS, https://SERVER/tags/NAME)")
        }
        guard items > 0 else { throw ValidationError("--items must be 1 or more, not \(items)") }
        guard scrollSeconds.isFinite, scrollSeconds > 0 else {
            throw ValidationError("--scroll-seconds must be a number > 0, not \(scrollSeconds)")
        }
    }

    func run() throws {
        let source = try pictures.remoteSource(pictures.paths[0])
        let cacheSize = pictures.cacheSize
        let progress = Progress()
        let benchmark = FeedBenchmark(
            makeFeed: { PictureOptions.feed(reading: source, cacheSize: cacheSize) },
            downloadsRunning: { source.downloadsRunning })
        let report = benchmark.run(items: items, scrollSeconds: scrollSeconds) { progress.stage($0) }
        progress.finish()
        print(
            String(
                format: "first screen: %.0f ms (%d tiles with pixels)", report.firstScreenMilliseconds,
                report.firstScreenTiles))
        print(
            String(
                format: "scrolling: frame median %.1f ms, p99 %.1f ms over %d frames; at most %d downloads at once",
                report.scrollMedian, report.scrollP99, report.scrollFrames, report.downloadsAtOnce))
        print(
            String(
                format: "streamed: %d items in %.1f s; resident %.0f MB, peak %.0f MB (--cache-size %d MB)",
                report.items, report.streamSeconds, report.residentMegabytes, report.peakMegabytes, cacheSize))
    }
}
