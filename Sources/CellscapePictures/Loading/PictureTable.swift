/// Values by picture id, in pages of 4,096 ids: a page whose ids all hold the empty value again is let
/// go. Ids are never reused, so a table indexed by id alone would keep a slot for every picture that
/// ever came; this one gives back the room of pictures that came and went (a watched folder's churn),
/// at the cost of one more index a look.
package struct PictureTable<Element: Equatable>: Sendable where Element: Sendable {
    private static var pageSize: Int { 4096 }

    /// One page: its values, and how many differ from the empty value.
    private struct Page: Sendable {
        var values: [Element]
        var held: Int
    }

    private var pages: [Page?] = []
    /// The value of an id never set, or set back.
    package let empty: Element

    /// An empty table, every id holding `empty`.
    package init(empty: Element) { self.empty = empty }

    /// The value of picture `id`.
    package subscript(id: Int) -> Element {
        get {
            let page = id / Self.pageSize
            guard page < pages.count, let values = pages[page]?.values else { return empty }
            return values[id % Self.pageSize]
        }
        set {
            let (page, slot) = (id / Self.pageSize, id % Self.pageSize)
            if page >= pages.count {
                guard newValue != empty else { return }
                pages += repeatElement(nil, count: page + 1 - pages.count)
            }
            if pages[page] == nil {
                guard newValue != empty else { return }
                pages[page] = Page(values: Array(repeating: empty, count: Self.pageSize), held: 0)
            }
            let old = pages[page]!.values[slot]
            pages[page]!.values[slot] = newValue
            pages[page]!.held += (newValue != empty ? 1 : 0) - (old != empty ? 1 : 0)
            if pages[page]!.held == 0 { pages[page] = nil }
        }
    }

    /// The value of picture `id`.
    package subscript(id: PictureID) -> Element {
        get { self[id.rawValue] }
        set { self[id.rawValue] = newValue }
    }

    /// How many ids hold a value other than the empty one.
    package var count: Int { pages.reduce(0) { $0 + ($1?.held ?? 0) } }

    /// How many pages are held: the table's memory, in pages of 4,096 values.
    package var pagesHeld: Int { pages.count { $0 != nil } }
}
