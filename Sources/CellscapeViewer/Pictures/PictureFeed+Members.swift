import CellscapePictures

/// Who is in the feed, asked of its members (``FeedMembers``): sorting, leaving, the trash and its
/// undo, pictures that join, and the watched folders.
extension PictureFeed {
    /// How long a removed picture stays before it leaves (see `LiveFolderSync.delay`).
    static let removalDelay = LiveFolderSync.delay

    /// Puts the pictures in `order` by what their headers say: natural name order (folder by folder),
    /// modification time, file size or the date taken; ties, and pictures without the key (broken, or
    /// never dated), keep name order after the others; all reversed when `descending`. Pictures whose
    /// headers have not arrived yet take their places once they all have.
    public func sort(_ order: PictureFiles.Order, descending: Bool) { members.sort(order, descending: descending) }

    /// Takes the pictures at `positions` out of the feed: their tiles go, and the grid closes over them,
    /// and everything kept of them goes too.
    public func remove(_ positions: [Int]) { members.remove(positions) }

    /// Takes the pictures at `positions` out of the feed as the trash takes them: what was read of them
    /// stays, with where each was, until ``restore(_:)`` puts them back or the next move to the trash
    /// (which `z` can no longer undo) lets them go.
    public func setAside(_ positions: [Int]) { members.setAside(positions) }

    /// Puts the pictures at `paths` back where they were when the trash took them (the trash undone):
    /// one set aside comes back as it was, its id and what was read of it kept; another is read anew
    /// at the end.
    public func restore(_ paths: [String]) { members.restore(paths) }

    /// Puts pictures back at the positions they had (`paths` with where each was): each is read again,
    /// as a new picture.
    public func insert(_ paths: [(position: Int, path: String)]) { members.insert(paths) }

    /// Pictures that joined: each shows once its header arrives, where the current order puts it.
    public func append(paths more: [String]) { members.append(paths: more) }

    /// The file of the picture at `position` changed: it is read again in its place.
    public func refresh(_ position: Int) { members.refresh(id: order[position]) }

    /// The position of the picture at `path` now, if it shows.
    public func position(ofPath path: String) -> Int? { members.position(ofPath: path) }

    /// Watches `folders` for pictures written, rewritten or removed (and, when `recursive`, folders
    /// made in them). Poll ``watchDescriptor`` with the loader's.
    public func watch(folders: [String], recursive: Bool = false) {
        members.watch(folders: folders, recursive: recursive)
    }

    /// Takes what a listing made before the feed (of `found.paths`) found: the files it passed over,
    /// the folders given with `-r` (the bar names a picture from the one it is in); watches its
    /// folders when `watching`.
    public func take(listing found: PictureFiles, foldersGiven: [String], watching: Bool, recursive: Bool) {
        members.listing.skippedFiles = found.skipped
        members.listing.foldersGiven = foldersGiven
        if watching { watch(folders: found.folders, recursive: recursive) }
    }

    /// The descriptor readable while the watched folders changed, if any are watched.
    public var watchDescriptor: Int32? { members.watchDescriptor }

    /// When the next removed picture is due to leave, or an empty file to be read, if any waits.
    public var nextRemovalDeadline: UInt64? { members.nextRemovalDeadline }

    /// The lines the window should say (a watched folder gone), since the last call.
    public func takeMessages() -> [String] { members.takeMessages() }

    /// Forgets which pictures took the places of those that went (``PictureOrder/successor(of:)``):
    /// the grid has followed them.
    func forgetDepartures() { members.order.forgetDepartures() }
}
