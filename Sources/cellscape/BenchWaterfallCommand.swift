import ArgumentParser
import CellscapeBenchmarks
import CellscapeLayout
import Foundation

/// `cellscape bench waterfall`: layout, append and the visible query against a linear filter.
struct BenchWaterfallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall",
        abstract: "Benchmark the waterfall layout: full layout, appending a page, the visible query.",
        discussion: """
            For each item count (generated items, default columns at width 1280): the median of 5 full \
            layouts; the median of 1,000 appends of a 100-item page; the median visible query over 2,000 \
            random 1280x800 rects inside the content, next to a linear filter over the same items (on 100 \
            of the rects), and their ratio.
            """
    )

    @Option(parsing: .unconditional, help: "Comma-separated item counts.")
    var items = "10000,100000,1000000"

    func run() throws {
        let counts = try items.split(separator: ",").map { text -> Int in
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), (1...10_000_000).contains(count) else {
                throw CommandError(
                    "--items takes whole numbers from 1 to 10000000, separated by commas, not '\(items)'")
            }
            return count
        }
        let progress = Progress()
        for count in counts {
            progress.stage("waterfall, \(count) items: layout, appends and queries")
            let report = WaterfallBenchmark(count: count).run()
            progress.finish()
            print(report: report)
        }
    }

    private func print(report: WaterfallBenchmark.Report) {
        Swift.print(
            String(
                format:
                    "waterfall %d items, %d columns: layout %.2f ms; append 100 %.2f us; query %.2f us median "
                    + "(%.1f items) vs linear filter %.0f us: %.0fx",
                report.items, report.columns, report.layoutMilliseconds, report.appendMicroseconds,
                report.queryMicroseconds, report.itemsFound, report.filterMicroseconds,
                report.filterMicroseconds / report.queryMicroseconds))
    }
}
