/// A catalog of waterfall items, the one owner of its JSON form:
/// `{"items":[{"width":480,"height":270,"title":"Happy cat","color":"#F26D5B"}, ...]}`.
///
/// Width and height must be positive numbers (only their ratio matters), the colour `#RRGGBB`;
/// ``waterfallItems()`` checks each entry and names the first that is wrong.
public struct WaterfallCatalog: Codable, Hashable, Sendable {
    /// One entry as the file writes it.
    public struct Entry: Codable, Hashable, Sendable {
        public var width: Double
        public var height: Double
        public var title: String
        public var color: String
    }

    /// The most items a catalog holds.
    public static let limit = 10_000_000

    /// The entries in order.
    public var items: [Entry]

    /// The catalog's items, checked.
    public func waterfallItems() throws(InputProblem) -> [WaterfallItem] {
        guard items.count <= Self.limit else {
            throw InputProblem("\(items.count) items, more than the \(Self.limit) allowed")
        }
        var checked: [WaterfallItem] = []
        checked.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard item.width.isFinite, item.height.isFinite, item.width > 0, item.height > 0 else {
                throw InputProblem("items[\(index)] needs a positive width and height")
            }
            guard let color = Self.color(item.color) else {
                throw InputProblem("items[\(index)].color must be #RRGGBB, not '\(item.color)'")
            }
            checked.append(
                WaterfallItem(size: Size(width: item.width, height: item.height), title: item.title, color: color))
        }
        return checked
    }

    private static func color(_ text: String) -> Color? {
        guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return Color(hex: value)
    }
}
