import CellscapeLayout
import CellscapePictures

/// The grid follows its pictures when their order changes: sorted again, or some taken out (removed
/// from the folder, moved to the trash), without losing the user's place.
extension WaterfallScene {
    /// The orders the sort key goes through, in turn.
    static let sortOrders: [PictureFiles.Order] = [.name, .time, .size, .taken]

    /// Sorts the pictures by the next order, or reverses the order; returns false for other keys.
    mutating func sort(_ key: KeyCommand) -> Bool {
        guard key == .sortNext || key == .reverseSort else { return false }
        guard let pictures else { return true }
        if key == .sortNext {
            let next = (Self.sortOrders.firstIndex(of: pictureOrder.order) ?? 0) + 1
            pictureOrder.order = Self.sortOrders[next % Self.sortOrders.count]
        } else {
            pictureOrder.descending.toggle()
        }
        pictures.sort(pictureOrder.order, descending: pictureOrder.descending)
        followRearrangement(sorted: true)
        return true
    }

    /// Follows the pictures to their new places once the feed's order changed: the selection, the
    /// marks and the open picture hold their pictures' ids, so they go along (the selection and the
    /// open picture to the next picture when theirs went), and the selected tile, or else the one at
    /// the top, stays where it was in the window; after a sort without a selection the grid starts at
    /// the top, where the new order does. Returns whether the order changed.
    @discardableResult
    mutating func followRearrangement(sorted: Bool = false) -> Bool {
        guard let pictures, let (before, moved) = pictures.takeRearrangement() else { return false }
        let oldCount = items.count
        var newPosition = [Int](repeating: -1, count: oldCount)
        for (position, old) in moved.enumerated() where old >= 0 && old < oldCount { newPosition[old] = position }
        // A picture that went gives its place to the next that stayed (the order of those that stay
        // is kept when pictures go; a sort moves every picture and drops none).
        let survivor = { (old: Int) -> Int? in
            if newPosition[old] >= 0 { return newPosition[old] }
            let after = (old..<oldCount).first { newPosition[$0] >= 0 } ?? (0..<old).last { newPosition[$0] >= 0 }
            return after.map { newPosition[$0] }
        }
        // Where a picture was: its id's place in the order before.
        let oldPosition = { (key: WaterfallScene.ItemKey) -> Int? in
            guard case .picture(let id) = key else { return nil }
            return before.firstIndex(of: id)
        }
        let shown = layout.indices(in: visibleRect)
        let selectedBefore = selectedKey.flatMap(oldPosition)
        let selected = selectedBefore.flatMap { shown.contains($0) ? $0 : nil }
        let anchor = sorted ? selected : selected ?? layout.topItem(at: scrollOffset)
        let anchorScreenY = anchor.map { layout.frame(at: $0).minY - scrollOffset } ?? 0

        if let selectedKey, position(of: selectedKey) == nil {
            selection = selectedBefore.flatMap { $0 < oldCount ? survivor($0) : nil }
        }
        markedKeys = markedKeys.filter { position(of: $0) != nil }
        fading.removeAll()
        var kept: [WaterfallItem] = []
        for old in moved {
            guard old >= 0 && old < oldCount else { break }
            kept.append(items[old])
        }
        items = kept
        layOutAgain()
        appendArrivedPictures(pictures)
        if let open = openKey, (position(of: open.item) ?? items.count) >= items.count {
            if let next = selection, next < items.count {
                openPicture(at: next)
            } else {
                openKey = nil
                slideshowRuns = false
            }
        }
        let newAnchor = anchor.flatMap { $0 < oldCount ? survivor($0) : nil }
        if let newAnchor, newAnchor < items.count {
            scroll(toOffset: layout.frame(at: newAnchor).minY - anchorScreenY)
        } else {
            scroll(toOffset: sorted ? 0 : scrollOffset)
        }
        if sorted { revealSelection() }
        return true
    }

    /// Lays every item out anew (their sizes or their order changed), in `configuration` if given.
    mutating func layOutAgain(configuration: WaterfallConfiguration? = nil) {
        layout = WaterfallLayout(
            configuration: configuration ?? layout.configuration,
            bounds: Rect(x: 0, y: scrollOffset, width: size.width, height: size.height))
        layout.append(items.map(\.size))
    }

    /// Makes `change` to the layout keeping `anchor`'s tile where it was on screen (the scroll offset
    /// as it was without one).
    mutating func keepingInPlace(_ anchor: Int?, _ change: (inout WaterfallScene) -> Void) {
        let anchorScreenY = anchor.map { layout.frame(at: $0).minY - scrollOffset } ?? 0
        change(&self)
        scroll(to: anchor.map { layout.frame(at: $0).minY - anchorScreenY } ?? scrollOffset)
    }
}
