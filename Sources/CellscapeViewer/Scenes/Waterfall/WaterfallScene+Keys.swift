import CellscapeLayout
import CellscapePictures

/// The selection, the marks and the open picture are kept by picture id (a generated item by its
/// place), so they stay with their pictures whatever becomes of the order; their places are read from
/// the feed's order when asked.
extension WaterfallScene {
    /// How many items are laid out: the generated ones, or the pictures up to the first whose size
    /// is to come.
    public var itemCount: Int { layout.count }

    /// The item at `position`, laid out: a generated one, or a picture's size and name.
    public func item(_ position: Int) -> WaterfallItem {
        guard let pictures else { return generated.items[position] }
        return WaterfallItem(
            size: layout.size(at: position), title: pictures.name(of: position), color: PictureFeed.tileColor)
    }

    /// The key of the item at `position`.
    func key(at position: Int) -> GridItemKey { GridItemKey(at: position, of: pictures) }

    /// Where the item of `key` is now, nil once its picture went.
    func position(of key: GridItemKey) -> Int? { key.position(in: pictures) }

    /// The selected item.
    public internal(set) var selection: Int? {
        get { held.selected.flatMap(position(of:)) }
        set {
            held.selected = newValue.map(key(at:))
            notePlace()
        }
    }

    /// The marked items (`m`), which `cellscape -o` prints on exit.
    public internal(set) var marks: Set<Int> {
        get { Set(held.marked.compactMap(position(of:))) }
        set { held.marked = Set(newValue.map(key(at:))) }
    }

    /// Whether the item at `position` is marked.
    func isMarked(_ position: Int) -> Bool { held.marked.contains(key(at: position)) }

    /// The picture open over the grid, if any.
    public internal(set) var openPicture: PictureView? {
        get {
            guard let shown = open.shown, let position = position(of: shown.item) else { return nil }
            var view = shown.view
            view.index = position
            return view
        }
        set { open.shown = newValue.map { (key(at: $0.index), $0) } }
    }
}
