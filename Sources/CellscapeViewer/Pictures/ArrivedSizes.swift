import CellscapeLayout
import CellscapePictures

/// The size each picture's tile shows at, by id, once its header arrived (1x1 when broken).
///
/// A table indexed by the id's raw value: ids are dense, and a grid laying out a sorted order of
/// 100,000 reads every entry in an order unrelated to the ids' (a dictionary took 140 ns a look, the
/// table a few). The table ends at the last picture kept, so one that leaves last gives its room back.
struct ArrivedSizes {
    /// Each id's size; a negative width where none arrived.
    private var table: [Size] = []
    /// How many pictures have a size.
    private(set) var count = 0

    private static let none = Size(width: -1, height: -1)

    /// The size of picture `id`, nil until its header arrived; set nil when it leaves.
    subscript(id: PictureID) -> Size? {
        get {
            let index = id.rawValue
            return index < table.count && table[index].width >= 0 ? table[index] : nil
        }
        set { _ = set(newValue, for: id) }
    }

    /// Sets picture `id`'s size; returns the one it had.
    @discardableResult
    mutating func updateValue(_ size: Size, forKey id: PictureID) -> Size? {
        set(size, for: id)
    }

    private mutating func set(_ size: Size?, for id: PictureID) -> Size? {
        let index = id.rawValue
        let old = self[id]
        if let size {
            if index >= table.count { table += repeatElement(Self.none, count: index + 1 - table.count) }
            table[index] = size
        } else if index < table.count {
            table[index] = Self.none
            while let last = table.last, last.width < 0 { table.removeLast() }
        }
        count += (size == nil ? 0 : 1) - (old == nil ? 0 : 1)
        return old
    }
}
