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
extension FeedMembers {
    /// Applies what happened in the watched folders by now (the feed's clock); returns whether anything
    /// that shows changed.
    func takeFolderChanges() -> Bool {
        let now = clock.now
        var changed = removeDue(now: now)
        let due = folders.takeDueEmptyFiles(now: now)
        let changes = folders.watcher?.changes() ?? []
        guard !changes.isEmpty || !due.isEmpty, let watcher = folders.watcher else { return changed }
        let known = idsByPath()
        var added: [String] = []
        // Files empty for a moment are read as they are now.
        for path in due {
            if let id = known[path] { refresh(id: id) } else if access(path, F_OK) == 0 { added.append(path) }
        }
        for change in changes {
            switch change {
            case .written(let path):
                if let id = known[path] {
                    live.removals[id] = nil  // removed, then written again (a save through a new file)
                    if live.cameBackUnchanged(id, path: path) {
                        live.returning[id] = nil
                    } else if !folders.waitsWhileEmpty(path, now: now) {
                        refresh(id: id)
                    }
                } else if !added.contains(path), !folders.waitsWhileEmpty(path, now: now) {
                    added.append(path)
                }
            case .removed(let path):
                added.removeAll { $0 == path }
                folders.removed(path: path)
                guard let id = known[path] else { continue }
                // A file replaced by another of its name (renamed over it) is there again: it stays.
                if access(path, F_OK) == 0 {
                    // The trash's move away, seen after `z` brought the file back as it was: nothing changed.
                    if !live.cameBackUnchanged(id, path: path), !folders.waitsWhileEmpty(path, now: now) {
                        refresh(id: id)
                    }
                } else {
                    live.removed(id, now: now)
                }
            case .folderAdded(let folder): loader.find([folder], recursive: true)
            case .folderGone(let folder, let moved):
                let name = (folder as NSString).lastPathComponent
                messages.append("\(name) was \(moved ? "moved away" : "removed"): the pictures loaded stay")
            case .overflowed:
                // Events were lost: the folders are listed again, and what differs joins or leaves.
                let folders =
                    watcher.recursive && !listing.foldersGiven.isEmpty ? listing.foldersGiven : watcher.watchedFolders
                loader.find(folders, recursive: watcher.recursive)
            }
        }
        if !added.isEmpty { append(paths: added) }
        changed = true
        return changed
    }

    /// Takes what a listing of watched folders found: pictures not shown join, and pictures shown
    /// from those folders that it did not find leave (as if removed).
    func takeFound(_ found: PictureFiles) {
        let known = idsByPath()
        let paths = Set(found.paths)
        append(paths: found.paths.filter { known[$0] == nil })
        let folders = Set(found.folders)
        for (path, id) in known
        where !paths.contains(path) && folders.contains((path as NSString).deletingLastPathComponent) {
            if access(path, F_OK) != 0 { live.removed(id, now: clock.now) }
        }
        if let watcher = self.folders.watcher, watcher.recursive { watcher.add(folders: found.folders) }
    }

    /// When the next removed picture is due to leave, or an empty file to be read, if any waits.
    var nextRemovalDeadline: UInt64? { [live.nextDeadline, folders.nextDeadline].compactMap { $0 }.min() }

    /// The lines the window should say (a watched folder gone), since the last call.
    func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    /// Removes the pictures whose removal is due, unless their folder is gone (removed whole or moved
    /// away: what is loaded stays); returns whether any left.
    private func removeDue(now: UInt64) -> Bool {
        let due = live.takeDueRemovals(now: now)
        guard !due.isEmpty else { return false }
        let removed = Set(
            due.filter { id in
                let path = path(of: id)
                return access(path, F_OK) != 0 && access((path as NSString).deletingLastPathComponent, F_OK) == 0
            })
        guard !removed.isEmpty else { return false }
        drop(removed)
        rearrange(order.ids.filter { !removed.contains($0) })
        return true
    }
}
