/// Space kept free around content: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Above the content.
    public var top: Double
    /// Left of the content.
    public var left: Double
    /// Below the content.
    public var bottom: Double
    /// Right of the content.
    public var right: Double

    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }
}

/// How a ``WaterfallLayout`` divides its width into columns and spaces its items.
public struct WaterfallConfiguration: Hashable, Sendable, Codable {
    /// How the number of columns is chosen.
    public enum Columns: Hashable, Sendable {
        /// Always this many columns (at least 1).
        case fixed(Int)
        /// As many columns as fit at this minimum width:
        /// `max(1, floor((width - left - right + columnSpacing) / (minimumWidth + columnSpacing)))`.
        case minimumWidth(Double)
    }

    /// How the number of columns is chosen; by default columns at least 240 wide.
    public var columns = Columns.minimumWidth(240)
    /// The horizontal space between columns.
    public var columnSpacing = 8.0
    /// The vertical space between items of a column.
    public var itemSpacing = 8.0
    /// The space around the content.
    public var insets = EdgeInsets(all: 8)

    /// The defaults: columns at least 240 wide, spacing 8, insets 8.
    public init() {}

    /// The configuration with every length multiplied by `factor` (the pixels per point of a HiDPI
    /// screen); a fixed number of columns stays.
    public func scaled(by factor: Double) -> WaterfallConfiguration {
        var scaled = self
        if case .minimumWidth(let width) = columns { scaled.columns = .minimumWidth(width * factor) }
        scaled.columnSpacing *= factor
        scaled.itemSpacing *= factor
        scaled.insets = EdgeInsets(
            top: insets.top * factor, left: insets.left * factor, bottom: insets.bottom * factor,
            right: insets.right * factor)
        return scaled
    }

    /// The number of columns at this width.
    public func columnCount(forWidth width: Double) -> Int {
        switch columns {
        case .fixed(let count): return max(1, count)
        case .minimumWidth(let minimum):
            let fitting = (width - insets.left - insets.right + columnSpacing) / (minimum + columnSpacing)
            guard fitting.isFinite, fitting >= 1 else { return 1 }
            return Int(min(fitting.rounded(.down), 10_000))
        }
    }

    /// The width of each of `count` columns at this width.
    public func columnWidth(forWidth width: Double, count: Int) -> Double {
        max(0, (width - insets.left - insets.right - Double(count - 1) * columnSpacing) / Double(count))
    }
}

extension WaterfallConfiguration.Columns: Codable {
    private enum CodingKeys: String, CodingKey {
        case fixed, minimumWidth
    }

    /// Reads `{"fixed":3}` or `{"minimumWidth":240}`.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        if let count = try fields.decodeIfPresent(Int.self, forKey: .fixed) {
            self = .fixed(count)
        } else {
            self = .minimumWidth(try fields.decode(Double.self, forKey: .minimumWidth))
        }
    }

    /// Writes `{"fixed":3}` or `{"minimumWidth":240}`.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fixed(let count): try fields.encode(count, forKey: .fixed)
        case .minimumWidth(let width): try fields.encode(width, forKey: .minimumWidth)
        }
    }
}
