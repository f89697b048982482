import CellscapeLayout

/// The items a scene without pictures shows, page after page: the options' catalog while it lasts,
/// then generated from their seed.
struct GeneratedPages {
    /// Items appended at a time.
    static let pageSize = 100
    /// The items made so far.
    private(set) var items: [WaterfallItem] = []

    /// Appends pages to `layout` until its content reaches `bottom` (at most 100 pages at a time).
    mutating func fill(_ layout: inout WaterfallLayout, to bottom: Double, options: WaterfallOptions) {
        var pages = 0
        while layout.contentSize.height < bottom && pages < 100 {
            let page = GeneratedItems.page(after: items.count, of: Self.pageSize, options: options)
            items += page
            layout.append(page.map(\.size))
            pages += 1
        }
    }
}

extension GeneratedItems {
    /// The page of `size` items after the first `count`: from the options' catalog while it lasts,
    /// then generated from their seed.
    static func page(after count: Int, of size: Int, options: WaterfallOptions) -> [WaterfallItem] {
        var page: [WaterfallItem] = []
        if count < options.catalog.count {
            page = Array(options.catalog[count..<min(options.catalog.count, count + size)])
        }
        return page + GeneratedItems.items(count: size - page.count, seed: options.seed, startingAt: count + page.count)
    }
}
