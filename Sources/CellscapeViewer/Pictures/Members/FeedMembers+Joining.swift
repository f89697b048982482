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
        self.folders.watcher = FolderWatcher(folders: folders, recursive: recursive)
    }

    /// The descriptor readable while the watched folders changed, if any are watched.
    var watchDescriptor: Int32? { folders.watcher?.descriptor }

    /// Pictures that joined: each shows once its header arrives, where the current order puts it.
    func append(paths more: [String]) {
        joining.formUnion(adopt(loader.append(paths: more)))
    }

    /// Picture `id`'s file changed: what was decoded goes, its header is read again, and its
    /// thumbnails are decoded anew (the shared cache knows the file's new time).
    func refresh(id: PictureID) {
        letGo([id], .reread)
        catalog[id]?.problem = nil
        catalog[id]?.note = nil
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
        // The names are read from a copy: the catalog keeps the keys made of them meanwhile.
        // A name the catalog lacks is the loader's (the catalog keeps every picture's that joined).
        let loader = loader
        let path = { (id: PictureID) in loader.path(of: id) }
        let places = ready.map {
            (id: $0, before: sortKeys.place(of: $0, in: order, catalog: &catalog, path: path))
        }
        order.insert(places)
        countArrived()
        return true
    }
}
