import CellscapeLayout
import CellscapePictures

#if canImport(Glibc)
    import Glibc
#endif

/// The clock the feed's timed decisions read (a removed picture leaving, an empty file read anyway, an
/// animation's next frame): the monotonic clock, or one a test moves by hand.
public final class FeedClock: Sendable {
    private let read: @Sendable () -> UInt64

    /// A clock reading `read`.
    public init(_ read: @escaping @Sendable () -> UInt64) { self.read = read }

    /// The monotonic clock.
    public static let monotonic = FeedClock { monotonicNanoseconds() }

    /// Now, in nanoseconds.
    public var now: UInt64 { read() }
}

/// What the feed keeps of its watched folders between their events: which pictures leave a moment after
/// their files went, which files wait while empty (a writer closes a new file empty, then writes it),
/// and which pictures came back from the trash as they left. Keyed by id, but for a file not yet shown.
struct LiveFolderSync {
    /// How long a removed picture stays before it leaves, and an empty file waits before it is read
    /// anyway: a folder removed whole (its files first) or moved away keeps what shows.
    static let delay: UInt64 = 300_000_000

    /// The watcher of the folders shown, if any are watched.
    var watcher: FolderWatcher?
    /// Pictures whose header is read again, their file having changed.
    var rereading = Set<PictureID>()
    /// Pictures whose files went, by when they leave the grid.
    var removals: [PictureID: UInt64] = [:]
    /// Files found empty after a write, by when they are read anyway: a file not yet shown has no id.
    var emptyFiles: [String: UInt64] = [:]
    /// Pictures put back from the trash, with their files' versions then.
    var returning: [PictureID: FileVersion] = [:]

    /// When the next removed picture is due to leave, or an empty file to be read, if any waits.
    var nextDeadline: UInt64? { [removals.values.min(), emptyFiles.values.min()].compactMap { $0 }.min() }

    /// Forgets picture `id`.
    mutating func forget(_ id: PictureID) {
        removals[id] = nil
        returning[id] = nil
    }

    /// Picture `id`'s file went at `now`: it leaves a moment later unless it comes back.
    mutating func removed(_ id: PictureID, now: UInt64) { removals[id] = now + Self.delay }

    /// The pictures due to leave by `now`, forgotten as due.
    mutating func takeDueRemovals(now: UInt64) -> [PictureID] {
        let due = removals.filter { $0.value <= now }.map(\.key)
        for id in due { removals[id] = nil }
        return due
    }

    /// The empty files due to be read by `now`, forgotten as waiting.
    mutating func takeDueEmptyFiles(now: UInt64) -> [String] {
        let due = emptyFiles.filter { $0.value <= now }.map(\.key)
        for path in due { emptyFiles[path] = nil }
        return due
    }

    /// Whether the file at `path`, just written, is empty and waits to be read: a writer may close a
    /// file empty and then write it (`mogrify` and `convert` create it, close it, open it again and
    /// write), and read in between it would say "empty file". It is read once written, or a moment
    /// later as it is then.
    mutating func waitsWhileEmpty(_ path: String, now: UInt64) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size == 0 else {
            emptyFiles[path] = nil
            return false
        }
        if emptyFiles[path] == nil { emptyFiles[path] = now + Self.delay }
        return true
    }

    /// Whether picture `id` was put back from the trash and its file at `path` is the version it was then.
    func cameBackUnchanged(_ id: PictureID, path: String) -> Bool {
        guard let version = returning[id] else { return false }
        return FileVersion(path: path) == version
    }
}
