#if canImport(Glibc)
    import Glibc
#endif

/// Which version of a file is at a path: the same file (device and inode), as long and as last written
/// (to the nanosecond). A file moved away and back is the same version; one written again, in place or
/// through a new file, is not.
struct FileVersion: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let modifiedNanoseconds: Int

    /// The version of the file at `path` now, or nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }
}
