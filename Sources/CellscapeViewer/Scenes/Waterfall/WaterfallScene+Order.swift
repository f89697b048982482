import CellscapeLayout
import CellscapePictures

/// The grid follows its pictures when their order changes: sorted again, or some taken out (removed
/// from the folder, moved to the trash), without losing the user's place. It lays out the feed's
/// order itself, and looks again when the order's count of rearrangements moves.
extension WaterfallScene {
    /// Sorts the pictures by the next order, or reverses the order; returns false for other keys.
    mutating func sort(_ key: KeyCommand) -> Bool {
        guard key == .sortNext || key == .reverseSort else { return false }
        guard let pictures else { return true }
        if key == .sortNext { pictureOrder.order = pictureOrder.order.next } else { pictureOrder.descending.toggle() }
        pictures.sort(pictureOrder.order, descending: pictureOrder.descending)
        followOrder(sorted: true)
        return true
    }

    /// Notes where the user is (``GridPlace``), while the layout is the order's.
    mutating func notePlace() {
        guard let pictures, pictures.order.rearrangements == following.rearrangements else { return }
        let selected = selection.flatMap { layout.indices(in: visibleRect).contains($0) ? $0 : nil }
        guard let index = selected ?? layout.topItem(at: scrollOffset), index < itemCount else {
            following.place = nil
            return
        }
        following.place = GridPlace(
            key: key(at: index), screenY: layout.frame(at: index).minY - scrollOffset, isSelection: selected != nil)
    }

    /// Follows the pictures to their new places once the feed's order changed: the selection, the
    /// marks and the open picture hold their pictures' ids, so they go along (the selection and the
    /// open picture to the picture that took their place when theirs went), and the selected tile, or
    /// else the one at the top, stays where it was in the window; after a sort without a selection the
    /// grid starts at the top, where the new order does. Lays the order out once. Returns whether the
    /// order changed.
    @discardableResult
    mutating func followOrder(sorted: Bool = false) -> Bool {
        guard let pictures, pictures.order.rearrangements != following.rearrangements else { return false }
        following.rearrangements = pictures.order.rearrangements
        // A key whose picture went stands for the one that took its place (the order is not copied:
        // forgetting its departures would copy it whole).
        let successor = { (key: GridItemKey) -> GridItemKey? in
            guard case .picture(let id) = key else { return key }
            return pictures.order.successor(of: id).map(GridItemKey.picture)
        }
        let anchor = following.place.flatMap { sorted && !$0.isSelection ? nil : $0 }.flatMap { noted in
            successor(noted.key).map { GridPlace(key: $0, screenY: noted.screenY, isSelection: noted.isSelection) }
        }
        held.selected = held.selected.flatMap(successor)
        held.marked = held.marked.filter { position(of: $0) != nil }
        fading.finish()
        pictures.forgetDepartures()
        layOutAgain()
        if let shown = open.shown, (position(of: shown.item) ?? itemCount) >= itemCount {
            if let next = selection, next < itemCount {
                open(pictureAt: next)
            } else {
                open.shown = nil
                slideshowRuns = false
            }
        }
        if let anchor, let now = position(of: anchor.key), now < itemCount {
            scroll(toOffset: layout.frame(at: now).minY - anchor.screenY)
        } else {
            scroll(toOffset: sorted ? 0 : scrollOffset)
        }
        if sorted { revealSelection() }
        notePlace()
        return true
    }

    /// Lays every item out anew (their sizes or their order changed), in `configuration` if given:
    /// the generated items, or the pictures in the feed's order up to the first whose size is to come.
    mutating func layOutAgain(configuration: WaterfallConfiguration? = nil) {
        layout = WaterfallLayout(
            configuration: configuration ?? layout.configuration,
            bounds: Rect(x: 0, y: scrollOffset, width: size.width, height: size.height))
        if let pictures {
            layOutArrivedPictures(pictures)
        } else {
            layout.append(generated.items.map(\.size))
        }
    }

    /// Makes `change` to the layout keeping `anchor`'s tile where it was on screen (the scroll offset
    /// as it was without one).
    mutating func keepingInPlace(_ anchor: Int?, _ change: (inout WaterfallScene) -> Void) {
        let anchorScreenY = anchor.map { layout.frame(at: $0).minY - scrollOffset } ?? 0
        change(&self)
        scroll(to: anchor.map { layout.frame(at: $0).minY - anchorScreenY } ?? scrollOffset)
    }
}
