import ArgumentParser
import CellscapeLayout
import Foundation

/// `cellscape layout waterfall`: the masonry layout of a catalog, headless, as JSON.
struct LayoutWaterfallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall",
        abstract: "Lay out waterfall items in columns and write their frames as JSON.",
        discussion: """
            Output: {"columns":C,"columnWidth":..,"contentHeight":..,"items":[{"index":i,"x":..,"y":..,\
            "width":..,"height":..}]}: every item, or with --query only those whose frames intersect the rect.
            """
    )

    @OptionGroup var feed: FeedOptions

    @Option(parsing: .unconditional, help: "The seed of generated items (--count).", transform: parseSeed)
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "The width of the view.")
    var width: Double

    @Option(parsing: .unconditional, help: "A fixed number of columns.")
    var columns: Int?

    @Option(
        parsing: .unconditional,
        help: "The minimum column width; the number of columns adapts to the width (default 240).")
    var minColumnWidth: Double?

    @Option(parsing: .unconditional, help: "The space between columns.")
    var columnSpacing = 8.0

    @Option(parsing: .unconditional, help: "The space between items of a column.")
    var itemSpacing = 8.0

    @Option(help: ArgumentHelp("Insets: top,left,bottom,right.", valueName: "t,l,b,r"))
    var insets: String = "8,8,8,8"

    @Option(help: ArgumentHelp("Only the items intersecting this rect.", valueName: "x,y,w,h"))
    var query: String?

    func validate() throws {
        guard feed.items != nil || feed.count != nil else { throw ValidationError("give --items FILE or --count N") }
        guard width.isFinite, width > 0 else {
            throw ValidationError("--width must be a positive number, not \(width)")
        }
        if columns != nil && minColumnWidth != nil {
            throw ValidationError("give --columns or --min-column-width, not both")
        }
        if let columns, !(1...10_000).contains(columns) {
            throw ValidationError("--columns must be from 1 to 10000, not \(columns)")
        }
        if let minColumnWidth, !(minColumnWidth.isFinite && minColumnWidth > 0) {
            throw ValidationError("--min-column-width must be a positive number, not \(minColumnWidth)")
        }
        for (name, value) in [("--column-spacing", columnSpacing), ("--item-spacing", itemSpacing)] {
            guard value.isFinite, value >= 0 else {
                throw ValidationError("\(name) must be a number >= 0, not \(value)")
            }
        }
        _ = try Self.numbers(insets, count: 4, option: "--insets", nonNegative: true)
        if let query { _ = try Self.numbers(query, count: 4, option: "--query", nonNegative: false) }
    }

    func run() throws {
        var configuration = WaterfallConfiguration()
        if let columns { configuration.columns = .fixed(columns) }
        if let minColumnWidth { configuration.columns = .minimumWidth(minColumnWidth) }
        configuration.columnSpacing = columnSpacing
        configuration.itemSpacing = itemSpacing
        let inset = try Self.numbers(insets, count: 4, option: "--insets", nonNegative: true)
        configuration.insets = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
        var layout = WaterfallLayout(configuration: configuration, bounds: Rect(x: 0, y: 0, width: width, height: 0))
        layout.append(try feed.catalog(seed: seed).map(\.size))
        let indices: [Int]
        if let query {
            let rect = try Self.numbers(query, count: 4, option: "--query", nonNegative: false)
            guard rect[2] >= 0, rect[3] >= 0 else { throw CommandError("--query needs a width and height >= 0") }
            indices = layout.indices(in: Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        } else {
            indices = Array(0..<layout.count)
        }
        var text = "{\"columns\":\(layout.columnCount),\"columnWidth\":\(layout.columnWidth.formatted),"
        text += "\"contentHeight\":\(layout.contentSize.height.formatted),\"items\":["
        for (position, index) in indices.enumerated() {
            let frame = layout.frame(at: index)
            if position > 0 { text += "," }
            text += "{\"index\":\(index),\"x\":\(frame.minX.formatted),\"y\":\(frame.minY.formatted),"
            text += "\"width\":\(frame.width.formatted),\"height\":\(frame.height.formatted)}"
        }
        text += "]}\n"
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// `count` comma-separated finite numbers, or a one-line error naming the option.
    static func numbers(_ text: String, count: Int, option: String, nonNegative: Bool) throws -> [Double] {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard values.count == count, values.allSatisfy({ $0 != nil && $0!.isFinite && (!nonNegative || $0! >= 0) })
        else {
            throw ValidationError(
                "\(option) takes \(count) comma-separated \(nonNegative ? "numbers >= 0" : "numbers"), not '\(text)'")
        }
        return values.map { $0! }
    }
}
