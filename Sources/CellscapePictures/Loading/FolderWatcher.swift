#if canImport(Glibc)
    import Glibc
#endif

/// The folders a feed shows, watched with inotify: a picture written (once its file is closed) or
/// moved in, and one deleted or moved out; a folder made inside one (watched too when recursive);
/// a watched folder removed or moved away; and the kernel's queue overflowing, events lost. Nothing
/// blocks: the main loop polls ``descriptor`` and reads what happened with ``changes()``.
public final class FolderWatcher {
    /// What happened in the folders watched.
    public enum Change: Hashable, Sendable {
        /// A picture written and closed, or moved in: new, or changed.
        case written(String)
        /// A picture deleted, or moved out.
        case removed(String)
        /// A folder made or moved into a watched one: with `recursive`, it is watched from now on.
        case folderAdded(String)
        /// A watched folder removed (`moved` false) or moved away.
        case folderGone(String, moved: Bool)
        /// The kernel's queue of events overflowed: what happened since is unknown, the folders must
        /// be listed again.
        case overflowed
    }

    /// The inotify descriptor, readable while changes wait.
    public let descriptor: Int32
    /// Whether folders made inside watched ones are watched as well.
    public let recursive: Bool
    private var folders: [Int32: String] = [:]

    /// Watches `folders` (and, when `recursive`, every folder made inside one later); nil when
    /// inotify cannot start (the feed then stays as it was listed).
    public init?(folders: [String], recursive: Bool = false) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.recursive = recursive
        for folder in folders { addWatch(folder) }
    }

    deinit { close(descriptor) }

    /// The folders watched now.
    public var watchedFolders: [String] { folders.values.sorted() }

    /// Watches `more` folders as well (those watched already stay as they are).
    public func add(folders more: [String]) {
        let watched = Set(folders.values)
        for folder in more where !watched.contains(folder) { addWatch(folder) }
    }

    private func addWatch(_ folder: String) {
        // A folder made inside is seen by IN_CREATE, asked for only when it will be watched: every
        // file copied in makes one as well, twice the events to read.
        var events =
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
        if recursive { events |= IN_CREATE }
        let watch = inotify_add_watch(descriptor, folder, UInt32(events))
        if watch >= 0 { folders[watch] = folder }
    }

    /// What happened since the last call: pictures by their endings (hidden ones left out), folders.
    public func changes() -> [Change] {
        var changes: [Change] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return changes }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                offset += header + length
                if let change = change(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)) {
                    changes.append(change)
                }
            }
        }
    }

    /// The change one event makes, if it concerns a picture or a folder.
    private func change(watch: Int32, mask: UInt32, name: String) -> Change? {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return .overflowed }
        guard let folder = folders[watch] else { return nil }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            folders[watch] = nil
            inotify_rm_watch(descriptor, watch)
            return .folderGone(folder, moved: mask & UInt32(IN_MOVE_SELF) != 0)
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[watch] = nil
            return nil
        }
        guard !name.isEmpty, !name.hasPrefix(".") else { return nil }
        let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
        if mask & UInt32(IN_ISDIR) != 0 {
            // A folder made or moved in: watched before it is listed, so nothing written meanwhile is missed.
            guard recursive, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 else { return nil }
            addWatch(path)
            return .folderAdded(path)
        }
        guard mask & UInt32(IN_CREATE) == 0, PictureFiles.extensions.contains(Self.ending(of: name)) else { return nil }
        let removed = mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0
        return removed ? .removed(path) : .written(path)
    }

    private static func ending(of name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
