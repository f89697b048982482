import ArgumentParser
import CellscapeLayout
import CellscapeRender
import CellscapeViewer
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

    @Option(help: "Comma-separated item counts.")
    var items = "10000,100000,1000000"

    func run() throws {
        let counts = try items.split(separator: ",").map { text -> Int in
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), (1...10_000_000).contains(count) else {
                throw CommandError(
                    "--items takes whole numbers from 1 to 10000000, separated by commas, not '\(items)'")
            }
            return count
        }
        for count in counts { report(count) }
    }

    private func report(_ count: Int) {
        let sizes = GeneratedItems.items(count: count, seed: 1).map(\.size)
        let bounds = Rect(x: 0, y: 0, width: 1280, height: 800)
        var layoutTimes: [Double] = []
        var layout = WaterfallLayout(bounds: bounds)
        for _ in 0..<5 {
            let start = monotonicNanoseconds()
            var fresh = WaterfallLayout(bounds: bounds)
            fresh.append(sizes)
            layoutTimes.append(Double(monotonicNanoseconds() - start) / 1e6)
            layout = fresh
        }
        let page = GeneratedItems.items(count: 100, seed: 2).map(\.size)
        var appendTimes: [Double] = []
        for _ in 0..<1_000 {
            let start = monotonicNanoseconds()
            layout.append(page)
            appendTimes.append(Double(monotonicNanoseconds() - start) / 1e3)
        }
        let frames = (0..<layout.count).map(layout.frame(at:))
        var random = SplitMix64(seed: 9)
        let height = layout.contentSize.height
        let rects = (0..<2_000).map { _ in
            Rect(x: 0, y: random.nextUnit() * max(0, height - 800), width: 1280, height: 800)
        }
        var found = 0
        var queryTimes: [Double] = []
        for rect in rects {
            let start = monotonicNanoseconds()
            found &+= layout.indices(in: rect).count
            queryTimes.append(Double(monotonicNanoseconds() - start) / 1e3)
        }
        var filterTimes: [Double] = []
        for rect in rects.prefix(100) {
            let start = monotonicNanoseconds()
            found &+= frames.indices.filter { frames[$0].intersects(rect) }.count
            filterTimes.append(Double(monotonicNanoseconds() - start) / 1e3)
        }
        let query = Self.median(queryTimes)
        let filter = Self.median(filterTimes)
        print(
            String(
                format:
                    "waterfall %d items, %d columns: layout %.2f ms; append 100 %.2f us; query %.2f us median "
                    + "(%.1f items) vs linear filter %.0f us: %.0fx",
                count, layout.columnCount, Self.median(layoutTimes), Self.median(appendTimes), query,
                Double(found) / Double(rects.count + 100), filter, filter / query))
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}
