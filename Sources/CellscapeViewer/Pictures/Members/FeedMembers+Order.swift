import CellscapePictures
import Foundation

/// The order of a feed's pictures: sorted again while it shows, pictures that left their folder (or
/// went to the trash) taken out so the grid closes over them, and pictures that joined placed where
/// the order puts them. Only ``order`` changes: everything else is kept by id.
extension FeedMembers {
    /// Puts the pictures in `order` by what their headers say: natural name order (folder by folder),
    /// modification time, file size or the date taken; ties, and pictures without the key (broken, or
    /// never dated), keep name order after the others; all reversed when `descending`. Pictures whose
    /// headers have not arrived yet take their places once they all have.
    func sort(_ order: PictureFiles.Order, descending: Bool) {
        (sortKeys.order, sortKeys.descending) = (order, descending)
        sortKeys.isWanted = true
        applySort()
    }

    /// Sorts once every header asked for has arrived, if a sort waits; returns whether it did.
    func sortIfWanted() -> Bool {
        guard sortKeys.isWanted && headersArrived == count && !listing.isRunning else { return false }
        applySort()
        return true
    }

    /// Sorts by ``sorting``; once every header has arrived, that is the last time it needs to.
    func applySort() {
        if headersArrived == count && !listing.isRunning { sortKeys.isWanted = false }
        let ids = order.ids
        let ranks = nameRanksByID()
        let keys = ids.map { sortKeys.order.key(of: catalog.header($0)) }
        let positions = PictureFiles.Order.arrange(
            keys: keys, nameRanks: ids.map { ranks[$0.rawValue] }, descending: sortKeys.descending)
        rearrange(positions.map { ids[$0] })
    }

    /// Each picture's rank in natural name order, by id, kept until pictures join.
    private func nameRanksByID() -> [Int] {
        if let ranks = sortKeys.nameRanks, ranks.count == known { return ranks }
        // The pictures known now (those that left have no name, and need no rank).
        var ranks = [Int](repeating: 0, count: known)
        let ids = catalog.ids
        let paths = ids.map { catalog[$0]!.path }
        for (rank, index) in PictureFiles.nameOrder(of: paths).enumerated() { ranks[ids[index].rawValue] = rank }
        sortKeys.nameRanks = ranks
        return ranks
    }

    /// Takes the pictures at `positions` out of the feed: their tiles go, and the grid closes over them,
    /// and everything kept of them goes too.
    func remove(_ positions: [Int]) {
        let removed = Set(positions.filter { $0 >= 0 && $0 < count }.map { order[$0] })
        guard !removed.isEmpty else { return }
        drop(removed)
        rearrange(order.ids.filter { !removed.contains($0) })
    }

    /// Takes the pictures at `positions` out of the feed as the trash takes them: what was read of them
    /// stays, with where each was, until ``restore(_:)`` puts them back or the next move to the trash
    /// (which `z` can no longer undo) lets them go.
    func setAside(_ positions: [Int]) {
        let valid = positions.filter { $0 >= 0 && $0 < count }
        guard !valid.isEmpty else { return }
        drop(Set(setAside.keys))
        setAside = Dictionary(valid.map { (order[$0], $0) }) { first, _ in first }
        for id in setAside.keys { folders.left(path: path(of: id)) }
        letGo(Set(setAside.keys), .setAside)
        rearrange(order.ids.filter { setAside[$0] == nil })
    }

    /// Forgets everything kept of the pictures `ids`, and the loader's work for them.
    func drop(_ ids: Set<PictureID>) {
        guard !ids.isEmpty else { return }
        for id in ids {
            folders.left(path: path(of: id))
            joining.remove(id)
            live.forget(id)
            setAside[id] = nil
        }
        letGo(ids, .left)
        catalog.forget(ids)
        loader.forget(ids)
    }

    /// Puts the pictures at `paths` back where they were when the trash took them (the trash undone):
    /// one set aside comes back as it was, its id and what was read of it kept; another is read anew
    /// at the end. Those set aside that do not come back are let go.
    func restore(_ paths: [String]) {
        let aside = Dictionary(setAside.keys.map { (path(of: $0), $0) }) { first, _ in first }
        var back: [(id: PictureID, position: Int)] = []
        var others: [(position: Int, path: String)] = []
        for path in paths {
            if let id = aside[path], let position = setAside[id] {
                back.append((id, position))
                live.returning[id] = FileVersion(path: path)
            } else {
                others.append((count + others.count, path))
            }
        }
        let kept = Set(back.map(\.id))
        drop(Set(setAside.keys).subtracting(kept))
        setAside = [:]
        if !back.isEmpty {
            place(back)
            for (id, _) in back { folders.joined(id, path: path(of: id)) }
            countArrived()
            loader.readHeaders(inOrderOf: order.ids)
        }
        insert(others)
    }

    /// Puts pictures back at the positions they had (`paths` with where each was, the trash undone):
    /// each is read again, as a new picture.
    func insert(_ paths: [(position: Int, path: String)]) {
        guard !paths.isEmpty else { return }
        let entries = paths.sorted { $0.position < $1.position }
        let ids = adopt(loader.append(paths: entries.map(\.path)))
        place(zip(ids, entries).map { ($0, $1.position) })
        countArrived()
        loader.readHeaders(inOrderOf: order.ids)
    }

    /// Inserts `entries` into the order, each before the picture now at its place less those put back
    /// ahead of it.
    private func place(_ entries: [(id: PictureID, position: Int)]) {
        let sorted = entries.sorted { $0.position < $1.position }
        order.insert(
            sorted.enumerated().map { offset, entry in (entry.id, min(max(0, entry.position - offset), count)) })
    }

    /// Takes in pictures the loader just gave `ids` (after any a listing appended meanwhile, which show
    /// at the end): they are not shown yet. Returns `ids`.
    func adopt(_ ids: [PictureID]) -> [PictureID] {
        guard let last = ids.last else { return ids }
        let listed = (known..<(ids.first?.rawValue ?? known)).map(PictureID.init)
        catalogue(known..<last.rawValue + 1)
        known = last.rawValue + 1
        if listing.joinsAround != nil {
            join(listed: listed)
            return ids
        }
        order.append(listed)
        sortKeys.nameRanks = nil
        for id in listed + ids { folders.joined(id, path: path(of: id)) }
        return ids
    }

    /// Pictures a listing found around a picture given alone: they join where the order puts them,
    /// but for the picture given, found again under its folder's name, which is let go.
    func join(listed ids: [PictureID]) {
        let givenName = listing.joinsAround.map { ($0 as NSString).lastPathComponent }
        for id in ids {
            let path = path(of: id)
            // Only a file of the same name can be the one given: the rest need no path made absolute.
            if (path as NSString).lastPathComponent == givenName, PictureFiles.absolute(path) == listing.joinsAround {
                loader.forget([id])
                catalog.forget([id])
                continue
            }
            joining.insert(id)
            folders.joined(id, path: path)
        }
        sortKeys.nameRanks = nil
    }

    /// The position of the picture at `path` now, if it shows.
    func position(ofPath path: String) -> Int? { idsByPath()[path].flatMap(order.position(of:)) }

    /// Each picture's id by its file's path (those shown and those joining): the folder source's key.
    func idsByPath() -> [String: PictureID] {
        folders.ids { (order.ids + joining).map { (path(of: $0), $0) } }
    }

    /// Shows the pictures in `newOrder` (a permutation of some of those shown).
    func rearrange(_ newOrder: [PictureID]) {
        order.replace(with: newOrder)
        countArrived()
        loader.readHeaders(inOrderOf: newOrder)
    }

    /// Counts again the pictures shown whose headers arrived.
    func countArrived() {
        headersArrived = order.ids.count { catalog.sizes[$0] != nil }
    }
}
