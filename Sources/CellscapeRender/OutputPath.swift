import CellscapeLayout

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
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

    /// Writes `bytes` to the path as planned: a device or a pipe as a stream, a file through its
    /// partial name and a rename. Returns `nil`, or the system's reason it failed ("No space left on
    /// device"); only a partial file this call made is removed, never what the path names.
    public func write(_ bytes: UnsafeRawBufferPointer) -> String? {
        let flags = renamingTo == nil ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let descriptor = open(writing, flags, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                let reason = count < 0 ? String(cString: strerror(errno)) : "nothing more could be written"
                close(descriptor)
                abandon()
                return reason
            }
            written += count
        }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            return reason
        }
        return finish()
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
