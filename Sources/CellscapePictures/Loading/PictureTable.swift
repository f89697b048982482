/// Values by picture id, in pages of 4,096 ids: a page whose ids all hold the empty value again is let
/// go. Ids are never reused, so a table indexed by id alone would keep a slot for every picture that
/// ever came; this one gives back the room of pictures that came and went (a watched folder's churn),
/// at the cost of one more index a look.
///
/// It is public and its members inlinable: the feed's order reads it from another module on every
/// look, and there an unspecialised generic call cost more than the look (a sort of 100,000 took 70 ms
/// instead of 36; a `package` type's inlinable bodies were not specialised across modules).
public struct PictureTable<Element: Equatable>: Sendable where Element: Sendable {
    @usableFromInline static var pageSize: Int { 4096 }

    /// One page: its values, and how many differ from the empty value.
    /// The pages, each of `pageSize` values or empty (let go).
    @usableFromInline var pages: [[Element]] = []
    /// How many values of each page differ from the empty value.
    @usableFromInline var held: [Int] = []
    /// The value of an id never set, or set back.
    public let empty: Element

    /// An empty table, every id holding `empty`.
    @inlinable public init(empty: Element) { self.empty = empty }

    /// The value of picture `id`.
    @inlinable @inline(__always) public subscript(id: Int) -> Element {
        get {
            let (page, slot) = (id / Self.pageSize, id % Self.pageSize)
            guard page < pages.count, !pages[page].isEmpty else { return empty }
            return pages[page][slot]
        }
        set {
            let (page, slot) = (id / Self.pageSize, id % Self.pageSize)
            if page >= pages.count {
                guard newValue != empty else { return }
                pages += repeatElement([], count: page + 1 - pages.count)
                held += repeatElement(0, count: page + 1 - held.count)
            }
            if pages[page].isEmpty {
                guard newValue != empty else { return }
                pages[page] = Array(repeating: empty, count: Self.pageSize)
            }
            let old = pages[page][slot]
            pages[page][slot] = newValue
            held[page] += (newValue != empty ? 1 : 0) - (old != empty ? 1 : 0)
            if held[page] == 0 { pages[page] = [] }
        }
    }

    /// The value of picture `id`.
    @inlinable @inline(__always) public subscript(id: PictureID) -> Element {
        get { self[id.rawValue] }
        set { self[id.rawValue] = newValue }
    }

    /// The ids holding a value other than the empty one, in order.
    @inlinable public var ids: [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(count)
        for (page, values) in pages.enumerated() where !values.isEmpty {
            for (slot, value) in values.enumerated() where value != empty { ids.append(page * Self.pageSize + slot) }
        }
        return ids
    }

    /// How many ids hold a value other than the empty one.
    @inlinable public var count: Int { held.reduce(0, +) }

    /// How many pages are held: the table's memory, in pages of 4,096 values.
    @inlinable public var pagesHeld: Int { pages.count { !$0.isEmpty } }
}
