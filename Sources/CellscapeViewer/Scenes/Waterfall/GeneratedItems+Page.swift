import CellscapeLayout

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
