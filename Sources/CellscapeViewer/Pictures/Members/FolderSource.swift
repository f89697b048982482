import CellscapePictures

#if canImport(Glibc)
    import Glibc
#endif

/// The watched folders as a source of pictures: the watcher, and the source's key for each picture,
/// its file's path (as a remote feed's key is the id its server gives). The watcher speaks of files;
/// this is where a file's word reaches its picture, and nothing else of a picture is kept by path.
/// A file found empty after a write waits here, by path: it is not a picture yet.
struct FolderSource {
    /// The watcher of the folders shown, if any are watched.
    var watcher: FolderWatcher?
    /// Each picture's id by its file's path (those shown and those joining), made when first needed.
    private var idByPath: [String: PictureID]?
    /// Files found empty after a write, by when they are read anyway.
    private(set) var emptyFiles: [String: UInt64] = [:]

    /// Picture `id` joined from the file at `path`.
    mutating func joined(_ id: PictureID, path: @autoclosure () -> String) {
        if idByPath != nil { idByPath?[path()] = id }
    }

    /// The picture of the file at `path` left (or was set aside).
    mutating func left(path: String) { idByPath?[path] = nil }

    /// Each picture's id by path, made from `pictures` (paths and ids) the first time.
    mutating func ids(_ pictures: () -> [(String, PictureID)]) -> [String: PictureID] {
        if let idByPath { return idByPath }
        let index = Dictionary(pictures()) { first, _ in first }
        idByPath = index
        return index
    }

    /// When the next empty file is to be read anyway, if one waits.
    var nextDeadline: UInt64? { emptyFiles.values.min() }

    /// The file at `path` went: it no longer waits.
    mutating func removed(path: String) { emptyFiles[path] = nil }

    /// The empty files due to be read by `now`, forgotten as waiting.
    mutating func takeDueEmptyFiles(now: UInt64) -> [String] {
        let due = emptyFiles.filter { $0.value <= now }.map(\.key)
        for path in due { emptyFiles[path] = nil }
        return due
    }

    /// Whether the file at `path`, just written, is empty and waits to be read: a writer may close a
    /// file empty and then write it (`mogrify` and `convert` create it, close it, open it again and
    /// write), and read in between it would say "empty file". It is read once written, or
    /// `LiveFolderSync.delay` later as it is then.
    mutating func waitsWhileEmpty(_ path: String, now: UInt64) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size == 0 else {
            emptyFiles[path] = nil
            return false
        }
        if emptyFiles[path] == nil { emptyFiles[path] = now + LiveFolderSync.delay }
        return true
    }
}
