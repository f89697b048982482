import ArgumentParser
import CellscapeBenchmarks
import CellscapeFeeds
import CellscapeLayout
import CellscapeViewer
import Foundation

/// `cellscape bench query`: the query line against a feed server on this machine.
struct BenchQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract:
            "Benchmark the query line against a server on this machine (scripts/feed-server): Enter, back, typing.",
        discussion: """
            In a 1280x800 frame drawn headless, starting on the feed given (with --api-base): each of --queries \
            typed and opened, timed from Enter to its first screen drawn with its pixels; back and forward, \
            each one frame; then --scroll-seconds of scrolling a notch a frame at 60 frames a second, once \
            quiet and once typing a key each 300 ms (each pause asks for suggestions): the frames' median and \
            p99. Give --http-cache-size 0 so no search's pictures come from the cache of downloads.
            """)

    @OptionGroup var pictures: PictureOptions

    @Option(help: "The queries typed and opened, comma separated.")
    var queries = "cats,dogs,birds,fish,frogs"

    @Option(parsing: .unconditional, help: "How long to scroll, quiet and then typing, in seconds.")
    var scrollSeconds = 5.0

    func validate() throws {
        guard pictures.paths.count == 1, FeedAddress.looksLikeAddress(pictures.paths[0]) else {
            throw ValidationError("give one feed's address to start on (giphy:trending, https://SERVER/tags/NAME)")
        }
        guard scrollSeconds.isFinite, scrollSeconds > 0 else {
            throw ValidationError("--scroll-seconds must be a number > 0, not \(scrollSeconds)")
        }
    }

    func run() throws {
        guard let feed = try pictures.feed(streaming: true) else { return }
        var waterfall = WaterfallScene.Options()
        waterfall.size = Size(width: 1280, height: 800)
        var force = ForceScene.Options()
        force.size = waterfall.size
        let driver = ViewerDriver(force: force, waterfall: waterfall, pictures: feed, view: .waterfall)
        driver.opener = QueryOpener(pictures: pictures, offline: false, private: true)
        defer { driver.closeSources() }
        let progress = Progress()
        let words = queries.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let report: QueryBenchmark.Report
        do {
            report = try QueryBenchmark(driver: driver).run(queries: words, scrollSeconds: scrollSeconds) {
                progress.stage($0)
            }
        } catch {
            throw CommandError("\(error)")
        }
        progress.finish()
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        print(
            String(
                format: "Enter to first screen: median %.0f ms, longest %.0f ms over %d queries", median(report.enter),
                report.enter.max() ?? 0, report.enter.count))
        print(
            String(
                format: "back / forward: median %.1f ms, longest %.1f ms; %d of %d tiles shown at the first frame",
                median(report.back), report.back.max() ?? 0, report.backTiles.shown, report.backTiles.visible))
        print(
            String(
                format: "scrolling: p99 %.1f ms quiet, %.1f ms typing (%d suggestion asks); medians %.1f / %.1f ms",
                report.scrollQuiet.p99, report.scrollSuggesting.p99, report.asks, report.scrollQuiet.median,
                report.scrollSuggesting.median))
    }
}
