import CellscapePictures

/// The selection, the marks and the open picture are kept by picture id (a generated item by its
/// place), so they stay with their pictures whatever becomes of the order; their places are read from
/// the feed's order when asked.
extension WaterfallScene {
    /// What a selection or a mark holds on to: a picture, or a generated item (which never moves).
    enum ItemKey: Hashable, Sendable {
        case item(Int)
        case picture(PictureID)
    }

    /// The key of the item at `position`.
    func key(at position: Int) -> ItemKey {
        guard let pictures, position >= 0, position < pictures.count else { return .item(position) }
        return .picture(pictures.order[position])
    }

    /// Where the item of `key` is now, nil once its picture went.
    func position(of key: ItemKey) -> Int? {
        switch key {
        case .item(let position): position
        case .picture(let id): pictures?.order.position(of: id)
        }
    }

    /// The selected item.
    public internal(set) var selection: Int? {
        get { selectedKey.flatMap(position(of:)) }
        set { selectedKey = newValue.map(key(at:)) }
    }

    /// The marked items (`m`), which `cellscape -o` prints on exit.
    public internal(set) var marks: Set<Int> {
        get { Set(markedKeys.compactMap(position(of:))) }
        set { markedKeys = Set(newValue.map(key(at:))) }
    }

    /// Whether the item at `position` is marked.
    func isMarked(_ position: Int) -> Bool { markedKeys.contains(key(at: position)) }

    /// The picture open over the grid, if any.
    public internal(set) var openPicture: PictureView? {
        get {
            guard let openKey, let position = position(of: openKey.item) else { return nil }
            var view = openKey.view
            view.index = position
            return view
        }
        set { openKey = newValue.map { (key(at: $0.index), $0) } }
    }
}
