import CellscapePictures

/// A feed whose folders change while it shows: pictures written into them join its end, rewritten
/// ones are read again, removed ones leave the grid.
extension PictureFeed {
    /// Watches `folders`: pictures written into them join the feed at its end, those rewritten are
    /// read again, those removed leave it. Poll ``watchDescriptor`` with the loader's.
    public func watch(folders: [String]) {
        watcher = FolderWatcher(folders: folders)
    }

    /// The descriptor readable while the watched folders changed, if any are watched.
    public var watchDescriptor: Int32? { watcher?.descriptor }

    /// Appends pictures at the end of the feed; their headers are read after those waiting.
    public func append(paths more: [String]) {
        takeAppended()
        loader.append(paths: more)
        // In place: a copy of the index of 100,000 paths would cost a frame.
        for (offset, path) in more.enumerated() { indexByPath?[path] = headers.count + offset }
        headers += Array(repeating: nil, count: more.count)
        nameRanks = nil  // where they go by name is worked out when a sort needs it
    }

    /// Picture `index`'s file changed: what was decoded goes, its header is read again, and its
    /// thumbnails are decoded anew (the shared cache knows the file's new time).
    public func refresh(_ index: Int) {
        memory.remove(index)
        views[index] = nil
        broken.remove(index)
        problems[index] = nil
        rereading.insert(index)
        loader.reread(index: index)
    }

    /// Applies what happened in the watched folders; returns whether anything did.
    func takeFolderChanges() -> Bool {
        guard let changes = watcher?.changes(), !changes.isEmpty else { return false }
        let known = positionsByPath()
        var added: [String] = []
        var removed = Set<Int>()
        for change in changes {
            switch change {
            case .written(let path):
                if let index = known[path] {
                    removed.remove(index)  // removed, then written again (a save through a new file)
                    refresh(index)
                } else if !added.contains(path) {
                    added.append(path)
                }
            case .removed(let path):
                if let index = known[path] { removed.insert(index) }
                added.removeAll { $0 == path }
            }
        }
        if !added.isEmpty { append(paths: added) }
        remove(Array(removed))
        return true
    }
}
