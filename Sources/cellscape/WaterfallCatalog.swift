import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import Foundation

/// A catalog of waterfall items read from JSON:
/// `{"items":[{"width":480,"height":270,"title":"Happy cat","color":"#F26D5B"}, ...]}`.
///
/// Width and height must be positive numbers (only their ratio matters), the colour `#RRGGBB`; anything
/// else is reported in one line naming the item.
enum WaterfallCatalog {
    private struct File: Decodable {
        struct Item: Decodable {
            var width: Double
            var height: Double
            var title: String
            var color: String
        }
        var items: [Item]
    }

    /// The most items a catalog holds.
    static let limit = 10_000_000

    /// Reads and checks the catalog at `path`.
    static func load(path: String) throws -> [WaterfallItem] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandError("cannot read \(path): \((error as NSError).localizedFailureReason ?? "no such file")")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw CommandError("\(path): \(JSONProblem.describe(error, data: data))")
        }
        guard file.items.count <= limit else {
            throw CommandError("\(path): \(file.items.count) items, more than the \(limit) allowed")
        }
        return try file.items.enumerated().map { index, item in
            guard item.width.isFinite, item.height.isFinite, item.width > 0, item.height > 0 else {
                throw CommandError("\(path): items[\(index)] needs a positive width and height")
            }
            guard let color = color(item.color) else {
                throw CommandError("\(path): items[\(index)].color must be #RRGGBB, not '\(item.color)'")
            }
            return WaterfallItem(size: Size(width: item.width, height: item.height), title: item.title, color: color)
        }
    }

    /// The catalog the project ships, `assets/waterfall-items.json`, if it can be found.
    static func bundled() throws -> [WaterfallItem]? {
        try Assets.path("waterfall-items.json").map(load(path:))
    }

    private static func color(_ text: String) -> Color? {
        guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return Color(hex: value)
    }
}
