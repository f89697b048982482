import CellscapeFeeds
import Foundation

/// The movies of a feed's videos, written to files as they come rather than held in memory (a video
/// opened plays from its file, read in ranges as a local one is): beside the cache of downloads when
/// there is one (`movies/`, its limit theirs too, the least recently used out first), else in a
/// folder of the session's own, removed when its feed closes. A file is named by its address's
/// SHA-256 and is only ever whole under its name: a download goes to a partial file renamed into place.
final class MovieFiles: Sendable {
    /// The folder, and the most bytes its movies take (the newest is kept whatever its size).
    let folder: URL
    let limit: Int
    /// Whether the folder is the session's own, removed when closed.
    private let isTemporary: Bool

    /// The movies beside `cache`, or, without one, in a folder of the session's own.
    init(beside cache: HTTPDiskCache?) {
        if let cache {
            folder = cache.folder.appendingPathComponent("movies")
            limit = cache.limit
            isTemporary = false
        } else {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-movies-\(UUID())")
            limit = 1 << 30
            isTemporary = true
        }
        // What a process killed mid-download left (the folder is made with the first movie).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.contains(".partial") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The movie of `url` when it was downloaded whole before, marked as used now.
    func existing(_ url: URL) -> String? {
        let path = place(of: url)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        return path
    }

    /// A new partial file for `url`'s download, its folder made if need be (the user's alone).
    func partial(for url: URL) -> String {
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return place(of: url) + ".partial-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Puts the whole download `partial` of `url` in its place; then the least recently used movies go
    /// until the rest fit the limit (never this one). Returns its path, nil when it cannot be moved.
    func keep(_ partial: String, for url: URL) -> String? {
        let path = place(of: url)
        guard rename(partial, path) == 0 else {
            discard(partial)
            return nil
        }
        trim(keeping: path)
        return path
    }

    /// Removes a partial download that failed or was cancelled.
    func discard(_ partial: String) { unlink(partial) }

    /// Removes the session's own folder (its feed closed); a movie playing stays readable until closed.
    func close() {
        if isTemporary { try? FileManager.default.removeItem(at: folder) }
    }

    private func place(of url: URL) -> String {
        folder.appendingPathComponent(CachedAnswer.key(for: url) + ".movie").path
    }

    private func trim(keeping kept: String) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        var movies = names.filter { $0.hasSuffix(".movie") }.compactMap { name -> (String, Int, Date)? in
            let path = folder.appendingPathComponent(name).path
            guard let attributes = try? manager.attributesOfItem(atPath: path) else { return nil }
            return (
                path, (attributes[.size] as? NSNumber)?.intValue ?? 0,
                attributes[.modificationDate] as? Date ?? .distantPast
            )
        }
        var total = movies.reduce(0) { $0 + $1.1 }
        movies.sort { $0.2 < $1.2 }
        for (path, size, _) in movies where total > limit && path != kept {
            unlink(path)
            total -= size
        }
    }
}
