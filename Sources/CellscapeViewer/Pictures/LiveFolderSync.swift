import CellscapeLayout
import CellscapePictures

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

/// What the feed keeps of its watched folders' pictures between their events, by id: which leave a
/// moment after their files went, which are read again, and which came back from the trash as they
/// left. (The watcher and the files not yet pictures are the folder source's: `FolderSource`.)
struct LiveFolderSync {
    /// How long a removed picture stays before it leaves, and an empty file waits before it is read
    /// anyway: a folder removed whole (its files first) or moved away keeps what shows.
    static let delay: UInt64 = 300_000_000

    /// Pictures whose header is read again, their file having changed.
    var rereading = Set<PictureID>()
    /// Pictures whose files went, by when they leave the grid.
    var removals: [PictureID: UInt64] = [:]
    /// Pictures put back from the trash, with their files' versions then.
    var returning: [PictureID: FileVersion] = [:]

    /// When the next removed picture is due to leave, if one waits.
    var nextDeadline: UInt64? { removals.values.min() }

    /// Forgets picture `id`.
    mutating func forget(_ id: PictureID) {
        removals[id] = nil
        returning[id] = nil
        rereading.remove(id)
    }

    /// Picture `id`'s file went at `now`: it leaves a moment later unless it comes back.
    mutating func removed(_ id: PictureID, now: UInt64) { removals[id] = now + Self.delay }

    /// The pictures due to leave by `now`, forgotten as due.
    mutating func takeDueRemovals(now: UInt64) -> [PictureID] {
        let due = removals.filter { $0.value <= now }.map(\.key)
        for id in due { removals[id] = nil }
        return due
    }

    /// Whether picture `id` was put back from the trash and its file at `path` is the version it was then.
    func cameBackUnchanged(_ id: PictureID, path: String) -> Bool {
        guard let version = returning[id] else { return false }
        return FileVersion(path: path) == version
    }
}
