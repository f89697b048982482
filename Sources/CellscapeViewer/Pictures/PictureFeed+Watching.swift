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
        var changed = removeDue(now: now)
        let due = emptyFiles.filter { $0.value <= now }.map(\.key)
        let changes = watcher?.changes() ?? []
        guard !changes.isEmpty || !due.isEmpty, let watcher else { return changed }
        let known = idsByPath()
        var added: [String] = []
        // Files empty for a moment are read as they are now.
        for path in due {
            emptyFiles[path] = nil
            if let id = known[path] { refresh(id: id) } else if access(path, F_OK) == 0 { added.append(path) }
        }
        for change in changes {
            switch change {
            case .written(let path):
                if let id = known[path] {
                    removals[id] = nil  // removed, then written again (a save through a new file)
                    if cameBackUnchanged(id, path: path) {
                        returning[id] = nil
                    } else if !waitsWhileEmpty(path, now: now) {
                        refresh(id: id)
                    }
                } else if !added.contains(path), !waitsWhileEmpty(path, now: now) {
                    added.append(path)
                }
            case .removed(let path):
                added.removeAll { $0 == path }
                emptyFiles[path] = nil
                guard let id = known[path] else { continue }
                // A file replaced by another of its name (renamed over it) is there again: it stays.
                if access(path, F_OK) == 0 {
                    // The trash's move away, seen after `z` brought the file back as it was: nothing changed.
                    if !cameBackUnchanged(id, path: path), !waitsWhileEmpty(path, now: now) { refresh(id: id) }
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

    /// When the next removed picture is due to leave, or an empty file to be read, if any waits.
    public var nextRemovalDeadline: UInt64? {
        [removals.values.min(), emptyFiles.values.min()].compactMap { $0 }.min()
    }

    /// The lines the window should say (a watched folder gone), since the last call.
    public func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    /// Whether the file at `path`, just written, is empty and waits to be read: a writer may close a
    /// file empty and then write it (`mogrify` and `convert` create it, close it, open it again and
    /// write), and read in between it would say "empty file". It is read once written, or a moment
    /// later as it is then.
    private func waitsWhileEmpty(_ path: String, now: UInt64) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size == 0 else {
            emptyFiles[path] = nil
            return false
        }
        if emptyFiles[path] == nil { emptyFiles[path] = now + Self.removalDelay }
        return true
    }

    /// Whether picture `id` was put back from the trash and its file is the version it was then.
    private func cameBackUnchanged(_ id: PictureID, path: String) -> Bool {
        guard let version = returning[id] else { return false }
        return FileVersion(path: path) == version
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
