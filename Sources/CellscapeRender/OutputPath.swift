import CellscapeLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where to write an output file so that it appears whole or not at all, without destroying what the
/// path names.
///
/// A regular file, or a new one, is written next to itself and renamed over itself, so the old contents
/// stay whole until the new ones are complete; through a symbolic link, next to the file the link names,
/// so the link stays. Anything else (a device such as `/dev/null`, a pipe, `/dev/stdout`) is written in
/// place: renaming over it would replace the device or the link with a regular file.
public struct OutputPath: Equatable, Sendable {
    /// The path to write the contents to.
    public var writing: String
    /// The path to rename `writing` to once it is complete, or `nil` when it is written in place.
    public var renamingTo: String?

    /// The plan for writing to `path`.
    public init(for path: String) {
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG {
            self.init(writing: path, renamingTo: nil)
            return
        }
        let target = Self.resolvingLinks(path) ?? path
        self.init(writing: target + ".partial", renamingTo: target)
    }

    /// A plan made of its two paths.
    public init(writing: String, renamingTo: String?) {
        self.writing = writing
        self.renamingTo = renamingTo
    }

    /// Puts the written file in place; returns `nil`, or the reason it failed (the partial file is gone).
    public func finish() -> String? {
        guard let renamingTo else { return nil }
        guard rename(writing, renamingTo) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(writing)
            return reason
        }
        return nil
    }

    /// Drops a partial file after a failed write.
    public func abandon() {
        if renamingTo != nil { unlink(writing) }
    }

    private static func resolvingLinks(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
