/// A masonry layout: items of different sizes in columns of equal width, each item going into the
/// shortest column, as in GIPHY's feed.
///
/// Item `i` of size `(w, h)` is `columnWidth * h / w` tall; it goes into the column whose height is lowest
/// (ties to the lowest column index), at `x = left + column * (columnWidth + columnSpacing)`, `y` = that
/// column's height, which then becomes `y + height + itemSpacing`. Columns start at `insets.top`.
///
/// Each column keeps its items in order, and within a column both the tops and the bottoms increase, so
/// ``attributes(in:)`` binary-searches each column: O(C log(n/C) + k) for C columns and k items found.
/// Appending lays out only the new items; a change of width reflows everything once. A negative
/// item spacing counts as 0 (items of a column would overlap, and the search needs them in order).
public struct WaterfallLayout {
    /// The configuration; changing it reflows every item.
    public var configuration: WaterfallConfiguration {
        didSet { reflow() }
    }
    /// The bounds the layout was last prepared for; only their width matters to the layout.
    public private(set) var bounds: Rect
    /// The number of columns.
    public private(set) var columnCount = 1
    /// The width of every column.
    public private(set) var columnWidth = 0.0

    private var sizes: [Size] = []
    /// Where each item went, in index order.
    private var placements: [Placement] = []
    /// Each column's items in order, with their bottoms next to them (one cache line holds both for the
    /// search and the walk). An item's top is the bottom of the one before it plus the item spacing (the
    /// top inset for the first), exactly as it was placed.
    private(set) var columnSlots: [[ColumnSlot]] = []
    /// Per column, for each band of ``bandHeight`` pixels from y = 0: the first position whose bottom lies
    /// below the band's top. The search starts there. `nil` once a column grew too tall for the table
    /// (an absurdly tall item); such a column is searched by bisection alone.
    private(set) var columnBands: [[Int32]?] = []
    /// The height of a band of the search table.
    static let bandHeight = 1024.0
    /// The most bands one item may add before its column gives up its table.
    static let bandLimit = 1 << 20
    /// Each column's height: where its next item goes.
    private var columnHeights: [Double] = []
    private var needsReflow = false

    /// Creates an empty layout for `bounds` (its width decides the columns).
    public init(configuration: WaterfallConfiguration = WaterfallConfiguration(), bounds: Rect) {
        self.configuration = configuration
        self.bounds = bounds
        reflow()
    }

    /// The number of items.
    public var count: Int { sizes.count }

    /// The size each item was given.
    public func size(at index: Int) -> Size { sizes[index] }

    /// The frame of the item at `index`.
    public func frame(at index: Int) -> Rect {
        let placement = placements[index]
        return Rect(x: columnX(Int(placement.column)), y: placement.y, width: columnWidth, height: placement.height)
    }

    /// The column the item at `index` is in.
    public func column(at index: Int) -> Int { Int(placements[index].column) }

    /// Adds items at the end and lays out only them. A size whose width is not positive, or that is not
    /// finite, gives an item of height 0.
    public mutating func append<Sizes: Sequence>(_ newSizes: Sizes) where Sizes.Element == Size {
        reserve(additional: newSizes.underestimatedCount)
        for size in newSizes {
            sizes.append(size)
            place(size)
        }
    }

    /// Adds items at the end and lays out only them (the same as the generic form, without its overhead
    /// when called from another module).
    public mutating func append(_ newSizes: [Size]) {
        reserve(additional: newSizes.count)
        sizes.append(contentsOf: newSizes)
        newSizes.withUnsafeBufferPointer { newSizes in
            for size in newSizes { place(size) }
        }
    }

    /// Makes room for more items, doubling the capacity when it runs out (so appending a page stays O(page)).
    private mutating func reserve(additional: Int) {
        let needed = sizes.count + additional
        if sizes.capacity < needed { sizes.reserveCapacity(max(needed, 2 * sizes.capacity)) }
        if placements.capacity < needed { placements.reserveCapacity(max(needed, 2 * placements.capacity)) }
        let perColumn = needed / columnCount + 16
        for column in 0..<columnCount where columnSlots[column].capacity < perColumn {
            columnSlots[column].reserveCapacity(max(perColumn, 2 * columnSlots[column].capacity))
        }
    }

    /// Removes every item.
    public mutating func removeAll() {
        sizes.removeAll()
        reflow()
    }

    /// Lays out every item again for the current width and configuration.
    private mutating func reflow() {
        columnCount = configuration.columnCount(forWidth: bounds.width)
        columnWidth = configuration.columnWidth(forWidth: bounds.width, count: columnCount)
        columnHeights = Array(repeating: configuration.insets.top, count: columnCount)
        columnSlots = Array(repeating: [], count: columnCount)
        columnBands = Array(repeating: [], count: columnCount)
        placements.removeAll(keepingCapacity: true)
        placements.reserveCapacity(sizes.count)
        for column in 0..<columnCount {
            columnSlots[column].reserveCapacity(sizes.count / columnCount + 16)
        }
        for size in sizes { place(size) }
        needsReflow = false
    }

    private mutating func place(_ size: Size) {
        var shortest = 0
        for column in 1..<columnCount where columnHeights[column] < columnHeights[shortest] { shortest = column }
        let scaled = columnWidth * size.height / size.width
        let height = scaled.isFinite && scaled > 0 ? scaled : 0
        let y = columnHeights[shortest]
        columnSlots[shortest].append(ColumnSlot(bottom: y + height, item: Int32(truncatingIfNeeded: placements.count)))
        extendBands(ofColumn: shortest, to: y + height, position: columnSlots[shortest].count - 1)
        placements.append(Placement(y: y, height: height, column: Int32(shortest)))
        columnHeights[shortest] = y + height + max(0, configuration.itemSpacing)
    }

    /// Adds the bands whose top lies above `bottom`: `position` is the first item ending below them.
    private mutating func extendBands(ofColumn column: Int, to bottom: Double, position: Int) {
        guard let count = columnBands[column]?.count, Double(count) * Self.bandHeight < bottom else { return }
        guard bottom < Double(count + Self.bandLimit) * Self.bandHeight else {
            columnBands[column] = nil
            return
        }
        var added = count
        while Double(added) * Self.bandHeight < bottom {
            columnBands[column]!.append(Int32(truncatingIfNeeded: position))
            added += 1
        }
    }

    func columnX(_ column: Int) -> Double {
        configuration.insets.left + Double(column) * (columnWidth + configuration.columnSpacing)
    }
}

/// One item of a column: its bottom and its index.
struct ColumnSlot {
    var bottom: Double
    var item: Int32
}

/// Where one item went.
struct Placement {
    var y: Double
    var height: Double
    var column: Int32
}

extension WaterfallLayout: CollectionLayout {
    /// Takes the new bounds; a new width reflows every item (once, however often it is called).
    public mutating func prepare(bounds newBounds: Rect) {
        let widthChanged = newBounds.width != bounds.width
        bounds = newBounds
        if widthChanged || needsReflow { reflow() }
    }

    /// The width of the bounds, and the tallest column less its trailing spacing plus the bottom inset
    /// (top plus bottom when empty).
    public var contentSize: Size {
        let insets = configuration.insets
        guard !sizes.isEmpty else { return Size(width: bounds.width, height: insets.top + insets.bottom) }
        let tallest = columnHeights.max() ?? insets.top
        return Size(width: bounds.width, height: tallest - configuration.itemSpacing + insets.bottom)
    }

    /// True when the width changes; scrolling (a new origin) does not change the layout.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != bounds.width
    }

    /// Marks the layout for a reflow at the next ``prepare(bounds:)``.
    public mutating func invalidate() {
        needsReflow = true
    }
}
