#if canImport(Glibc)
    import Glibc
#endif

/// The folders a feed shows, watched with inotify: a picture written (once its file is closed) or
/// moved in, and one deleted or moved out. Nothing blocks: the main loop polls ``descriptor`` and
/// reads what happened with ``changes()``.
public final class FolderWatcher {
    /// What happened to a picture file.
    public enum Change: Hashable, Sendable {
        /// Written and closed, or moved in: new, or changed.
        case written(String)
        /// Deleted, or moved out.
        case removed(String)
    }

    /// The inotify descriptor, readable while changes wait.
    public let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Watches `folders`; nil when inotify cannot start (the feed then stays as it was listed).
    public init?(folders: [String]) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
        for folder in folders {
            let watch = inotify_add_watch(descriptor, folder, events)
            if watch >= 0 { self.folders[watch] = folder }
        }
    }

    deinit { close(descriptor) }

    /// The changes to picture files (by their endings, hidden ones left out) since the last call.
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
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard let folder = folders[watch], !name.hasPrefix("."),
                    PictureFiles.extensions.contains(Self.ending(of: name))
                else { continue }
                let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
                let removed = mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0
                changes.append(removed ? .removed(path) : .written(path))
            }
        }
    }

    private static func ending(of name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
