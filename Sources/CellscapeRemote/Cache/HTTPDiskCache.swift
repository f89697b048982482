import CellscapeFeeds
import CellscapePictures
import Foundation

/// Answers of remote feeds kept on disk (`$XDG_CACHE_HOME/cellscape/http`): a page or a media file
/// under the SHA-256 of its address (the address never names a file: it may hold an API key), with
/// the validators and freshness its headers gave, bounded by size, least recently used out first.
///
/// Each entry is one file written whole beside its place and renamed into it, so a process killed
/// mid-write leaves a `.partial` file (removed when the cache opens), never half an answer that is
/// served later; a 304 writes only its head over, in place. The folder is the user's alone (700) and
/// so are its files (600).
public final class HTTPDiskCache: Sendable {
    private struct Index: Sendable {
        /// Each file's size and when it was last used, by name.
        var files: [String: (bytes: Int, used: Double)] = [:]
        var bytes = 0
    }

    /// The folder, and the most bytes its files take.
    public let folder: URL
    public let limit: Int
    private let folderPath: String
    private let index: Guarded<Index>
    private let clock: @Sendable () -> Double

    /// Opens (making it if need be) the cache in `folder`, at most `limit` bytes; `clock` gives now in
    /// seconds (a test moves its own). Half-written files of a process killed before go.
    public init(
        folder: URL, limit: Int, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws(FeedProblem) {
        self.folder = folder
        folderPath = folder.path
        self.limit = max(0, limit)
        self.clock = clock
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        } catch {
            throw .cache("\(folder.path) cannot be made: \(Self.reason(error))")
        }
        var index = Index()
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            if name.contains(".partial") {
                try? manager.removeItem(atPath: path)
                continue
            }
            guard Self.isCachedAnswerName(name), let attributes = try? manager.attributesOfItem(atPath: path) else {
                continue
            }
            let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let used = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            index.files[name] = (bytes, used)
            index.bytes += bytes
        }
        self.index = Guarded(index)
        trim()
    }

    /// The bytes its files take now.
    public var bytes: Int { index.withLock { $0.bytes } }

    /// The entry kept under `key`, marked as used now; nil when there is none or it cannot be read
    /// (then it goes).
    public func entry(_ key: String) -> CachedAnswer? {
        guard Self.isCachedAnswerName(key), index.withLock({ $0.files[key] != nil }) else { return nil }
        let path = self.path(key)
        guard let data = FileManager.default.contents(atPath: path), let entry = CachedAnswerFile.entry(from: data)
        else {
            remove(key)
            return nil
        }
        let now = clock()
        Self.markUsed(path, at: now)
        index.withLock { $0.files[key]?.used = now }
        return entry
    }

    /// Keeps `entry` under `key`, whole or not at all; then the least recently used files go until the
    /// rest fit the limit. An entry larger than the limit is not kept.
    public func store(_ entry: CachedAnswer, for key: String) {
        guard Self.isCachedAnswerName(key), let data = CachedAnswerFile.bytes(of: entry), data.count <= limit else {
            return
        }
        let place = path(key)
        let partial = place + ".partial-\(UInt32.random(in: 0...UInt32.max))"
        let now = clock()
        guard Self.write(data, to: partial, usedAt: now), rename(partial, place) == 0 else {
            unlink(partial)
            return
        }
        index.withLock { index in
            index.bytes += data.count - (index.files[key]?.bytes ?? 0)
            index.files[key] = (data.count, now)
        }
        trim()
    }

    /// Marks the entry under `key` fresh again from now as a 304's `headers` say, taking the
    /// validators they give (RFC 9111 4.3.4): its head is written over in place, its body untouched
    /// (a head too long for its room rewrites the file).
    public func revalidated(_ key: String, headers fields: [(name: String, value: String)]) {
        guard Self.isCachedAnswerName(key), index.withLock({ $0.files[key] != nil }) else { return }
        let path = self.path(key)
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return remove(key) }
        defer { close(descriptor) }
        guard let (room, stored, bodyBytes) = Self.readHead(descriptor) else { return remove(key) }
        let now = clock()
        let entry = stored.revalidated(headers: fields, at: now)
        guard let head = CachedAnswerFile.head(of: entry, bodyBytes: bodyBytes, room: room) else {
            // Longer than its room: the file is written anew, body and all.
            guard var whole = self.entry(key) else { return }
            whole.stored = entry.stored
            whole.maxAge = entry.maxAge
            whole.etag = entry.etag
            whole.lastModified = entry.lastModified
            return store(whole, for: key)
        }
        let written = head.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == head.count else { return remove(key) }
        Self.markUsed(path, at: now)
        index.withLock { $0.files[key]?.used = now }
    }

    /// Removes the entry under `key`.
    public func remove(_ key: String) {
        unlink(path(key))
        index.withLock { index in
            index.bytes -= index.files.removeValue(forKey: key)?.bytes ?? 0
        }
    }

    /// Removes the least recently used files until the rest fit the limit.
    private func trim() {
        let doomed = index.withLock { index -> [String] in
            guard index.bytes > limit else { return [] }
            var doomed: [String] = []
            for (name, file) in index.files.sorted(by: { $0.value.used < $1.value.used }) where index.bytes > limit {
                doomed.append(name)
                index.bytes -= file.bytes
                index.files[name] = nil
            }
            return doomed
        }
        for name in doomed { unlink(path(name)) }
    }

    /// The file of the entry under `key`.
    private func path(_ key: String) -> String { folderPath + "/" + key }

    /// A file of the cache is named by 64 hexadecimal digits; nothing else in the folder is touched.
    private static func isCachedAnswerName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// The head of the open file: its room, its fields and its body's length (the body left unread).
    private static func readHead(_ descriptor: Int32) -> (room: Int, entry: CachedAnswer, bodyBytes: Int)? {
        var prefix = [UInt8](repeating: 0, count: 4)
        guard pread(descriptor, &prefix, 4, 0) == 4, let length = CachedAnswerFile.headLength(prefix) else {
            return nil
        }
        var json = [UInt8](repeating: 0, count: length)
        guard pread(descriptor, &json, length, 4) == length, let (entry, bodyBytes) = CachedAnswerFile.head(from: json)
        else { return nil }
        return (length, entry, bodyBytes)
    }

    /// Writes `data` into a new file at `path` (the user's alone), its time `now`; whether all of it
    /// was. No `fsync`: a cache loses an entry to a crash, never a transfer's time to the disk.
    private static func write(_ data: Data, to path: String, usedAt now: Double) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let whole = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        var times = Self.times(now)
        return whole && futimens(descriptor, &times) == 0
    }

    /// Sets the file's time to `now`: the time is when it was last used, so the order of use outlives
    /// the process.
    private static func markUsed(_ path: String, at now: Double) {
        var times = Self.times(now)
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    private static func times(_ seconds: Double) -> [timespec] {
        let whole = seconds.rounded(.down)
        let time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        return [time, time]
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
