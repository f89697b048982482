import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench waterfall`'s measurements for one item count (generated items, default columns at
/// width 1280): the median of 5 full layouts, of 1,000 appends of a 100-item page, and of the visible
/// query over 2,000 random 1280x800 rects inside the content, beside a linear filter over the same items
/// (on 100 of the rects).
package struct WaterfallBenchmark {
    /// What was measured.
    package struct Report: Sendable {
        package var items: Int
        package var columns: Int
        package var layoutMilliseconds: Double
        package var appendMicroseconds: Double
        package var queryMicroseconds: Double
        package var filterMicroseconds: Double
        /// The mean number of items a query found.
        package var itemsFound: Double
    }

    /// The items laid out.
    package var count: Int

    /// A benchmark of `count` generated items.
    package init(count: Int) {
        self.count = count
    }

    /// Runs the measurements.
    package func run() -> Report {
        let sizes = GeneratedItems.items(count: count, seed: 1).map(\.size)
        let bounds = Rect(x: 0, y: 0, width: 1280, height: 800)
        var layout = WaterfallLayout(bounds: bounds)
        let layoutTimes = (0..<5).map { _ in
            Self.time(scale: 1e6) {
                var fresh = WaterfallLayout(bounds: bounds)
                fresh.append(sizes)
                layout = fresh
            }
        }
        let page = GeneratedItems.items(count: 100, seed: 2).map(\.size)
        let appendTimes = (0..<1_000).map { _ in Self.time(scale: 1e3) { layout.append(page) } }
        let frames = (0..<layout.count).map(layout.frame(at:))
        var random = SplitMix64(seed: 9)
        let height = layout.contentSize.height
        let rects = (0..<2_000).map { _ in
            Rect(x: 0, y: random.nextUnit() * max(0, height - 800), width: 1280, height: 800)
        }
        var found = 0
        let queryTimes = rects.map { rect in Self.time(scale: 1e3) { found &+= layout.indices(in: rect).count } }
        let filterTimes = rects.prefix(100).map { rect in
            Self.time(scale: 1e3) { found &+= frames.indices.filter { frames[$0].intersects(rect) }.count }
        }
        return Report(
            items: count, columns: layout.columnCount, layoutMilliseconds: Self.median(layoutTimes),
            appendMicroseconds: Self.median(appendTimes), queryMicroseconds: Self.median(queryTimes),
            filterMicroseconds: Self.median(filterTimes), itemsFound: Double(found) / Double(rects.count + 100))
    }

    /// How long `body` took, in nanoseconds divided by `scale`.
    private static func time(scale: Double, _ body: () -> Void) -> Double {
        let start = monotonicNanoseconds()
        body()
        return Double(monotonicNanoseconds() - start) / scale
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}
