import CellscapeLayout
import CellscapePictures
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the folder watcher says, applied to the feed: pictures written join, rewritten ones are read
/// again, removed ones leave a moment later unless their folder went with them (then what is loaded
/// stays, and the window says so); a folder made inside is listed, and an overflowed watch lists the
/// folders again, keeping the place.
extension PictureFeed {
    /// How long a removed picture stays before it leaves: a folder removed whole (its files first) or
    /// moved away keeps what shows.
    static let removalDelay: UInt64 = 300_000_000

    /// Applies what happened in the watched folders; returns whether anything that shows changed.
    func takeFolderChanges(now: UInt64 = monotonicNanoseconds()) -> Bool {
        let removed = removeDue(now: now)
        var changed = recheckDue(now: now) || removed
        guard let watcher else { return changed }
        let changes = watcher.changes()
        guard !changes.isEmpty else { return changed }
        let known = idsByPath()
        var added: [String] = []
        for change in changes {
            switch change {
            case .written(let path):
                if let id = known[path] {
                    removals[id] = nil  // removed, then written again (a save through a new file)
                    reread(id, path: path, now: now)
                } else if !added.contains(path) {
                    added.append(path)
                }
            case .removed(let path):
                added.removeAll { $0 == path }
                guard let id = known[path] else { continue }
                // A file replaced by another of its name (renamed over it) is there again: it stays.
                if access(path, F_OK) == 0 {
                    reread(id, path: path, now: now)
                } else {
                    removals[id] = now + Self.removalDelay
                }
            case .folderAdded(let folder): loader.find([folder], recursive: true)
            case .folderGone(let folder, let moved):
                let name = (folder as NSString).lastPathComponent
                messages.append("\(name) was \(moved ? "moved away" : "removed"): the pictures loaded stay")
            case .overflowed:
                // Events were lost: the folders are listed again, and what differs joins or leaves.
                let folders = watcher.recursive && !foldersGiven.isEmpty ? foldersGiven : watcher.watchedFolders
                loader.find(folders, recursive: watcher.recursive)
            }
        }
        if !added.isEmpty { append(paths: added) }
        changed = true
        return changed
    }

    /// Takes what a listing of watched folders found: pictures not shown join, and pictures shown
    /// from those folders that it did not find leave (as if removed).
    func takeFound(_ found: PictureFiles, now: UInt64 = monotonicNanoseconds()) {
        let known = idsByPath()
        let paths = Set(found.paths)
        append(paths: found.paths.filter { known[$0] == nil })
        let folders = Set(found.folders)
        for (path, id) in known
        where !paths.contains(path) && folders.contains((path as NSString).deletingLastPathComponent) {
            if access(path, F_OK) != 0 { removals[id] = now + Self.removalDelay }
        }
        if let watcher, watcher.recursive { watcher.add(folders: found.folders) }
    }

    /// When the next removed picture is due to leave, or an emptied one to be read again, if any waits.
    public var nextRemovalDeadline: UInt64? { [removals.values.min(), rechecks.values.min()].compactMap { $0 }.min() }

    /// The lines the window should say (a watched folder gone), since the last call.
    public func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    /// Reads picture `id` again, its file written: at once, unless the file is empty now. A writer that
    /// saves in place may close the file empty and then write it (`mogrify` renames the old file away,
    /// creates the new one, closes it, opens it again and writes): read in between, it would say
    /// "empty file". An empty file is read again a moment later, unless it is written first.
    private func reread(_ id: PictureID, path: String, now: UInt64) {
        var status = stat()
        if stat(path, &status) == 0, status.st_size == 0 {
            if rechecks[id] == nil { rechecks[id] = now + Self.removalDelay }
        } else {
            rechecks[id] = nil
            refresh(id: id)
        }
    }

    /// Reads again the pictures found empty whose moment has passed; returns whether any was.
    private func recheckDue(now: UInt64) -> Bool {
        let due = rechecks.filter { $0.value <= now }.map(\.key)
        for id in due {
            rechecks[id] = nil
            refresh(id: id)
        }
        return !due.isEmpty
    }

    /// Removes the pictures whose removal is due, unless their folder is gone (removed whole or moved
    /// away: what is loaded stays); returns whether any left.
    private func removeDue(now: UInt64) -> Bool {
        let due = removals.filter { $0.value <= now }.map(\.key)
        guard !due.isEmpty else { return false }
        for id in due { removals[id] = nil }
        let removed = Set(
            due.filter { id in
                let path = loader.path(of: id)
                return access(path, F_OK) != 0 && access((path as NSString).deletingLastPathComponent, F_OK) == 0
            })
        guard !removed.isEmpty else { return false }
        drop(removed)
        rearrange(order.ids.filter { !removed.contains($0) })
        return true
    }
}
