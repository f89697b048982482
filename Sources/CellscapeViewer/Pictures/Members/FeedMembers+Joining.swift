import CellscapePictures

#if canImport(Glibc)
    import Glibc
#endif

/// A feed whose folders change while it shows: pictures written into them join where the order puts
/// them, rewritten ones are read again in their places, removed ones leave the grid.
extension FeedMembers {
    /// Watches `folders` for pictures written, rewritten or removed (and, when `recursive`, folders
    /// made in them). Poll ``watchDescriptor`` with the loader's.
    func watch(folders: [String], recursive: Bool = false) {
        live.watcher = FolderWatcher(folders: folders, recursive: recursive)
    }

    /// The descriptor readable while the watched folders changed, if any are watched.
    var watchDescriptor: Int32? { live.watcher?.descriptor }

    /// Pictures that joined: each shows once its header arrives, where the current order puts it.
    func append(paths more: [String]) {
        joining.formUnion(adopt(loader.append(paths: more)))
    }

    /// Picture `id`'s file changed: what was decoded goes, its header is read again, and its
    /// thumbnails are decoded anew (the shared cache knows the file's new time).
    func refresh(id: PictureID) {
        letGo([id], .reread)
        catalog.broken.remove(id)
        catalog.problems[id] = nil
        catalog.notes[id] = nil
        if catalog.sizes[id] != nil { live.rereading.insert(id) }
        loader.reread(id)
    }

    /// Shows the pictures that joined and whose headers arrived, each where the current order puts
    /// it; returns whether any did.
    func placeJoined() -> Bool {
        // The place is found among the pictures shown by their keys: each needs its header first (a
        // picture given alone may still be read when the first of its folder arrive).
        guard headersArrived == count else { return false }
        let ready = joining.filter { catalog.sizes[$0] != nil }.sorted()
        guard !ready.isEmpty else { return false }
        joining.subtract(ready)
        let places = ready.map { (id: $0, before: place(of: $0)) }
        order.insert(places)
        countArrived()
        return true
    }

    /// Where picture `id` goes in the current order: before the first picture it precedes (the order
    /// shown is sorted, so a binary search finds it).
    private func place(of id: PictureID) -> Int {
        let descending = sortKeys.descending
        let key = sortKeys.order.key(of: catalog.headers[id])
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            let other = order[middle]
            let otherKey = sortKeys.order.key(of: catalog.headers[other])
            // Descending is ascending reversed: it goes first where the other would precede it.
            let goesFirst =
                descending
                ? precedes(other, otherKey, id, key)
                : precedes(id, key, other, otherKey)
            if goesFirst { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Whether picture `first` keyed `key` comes before `second` keyed `otherKey` in ascending order:
    /// by key, those without after, ties in name order (each name's key made once).
    private func precedes(_ first: PictureID, _ key: Int?, _ second: PictureID, _ otherKey: Int?) -> Bool {
        switch (key, otherKey) {
        case (let key?, let otherKey?) where key != otherKey: return key < otherKey
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            let (firstKey, secondKey) = (nameKey(first), nameKey(second))
            guard firstKey == secondKey else { return firstKey.lexicographicallyPrecedes(secondKey) }
            return path(of: first) < path(of: second)
        }
    }

    private func nameKey(_ id: PictureID) -> [UInt8] {
        if let key = catalog.nameKeys[id] { return key }
        let key = PictureFiles.nameKey(of: path(of: id))
        catalog.nameKeys[id] = key
        return key
    }
}
