#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file opened for reading: the one place the picture pipeline reads bytes from disk, whole or in
/// ranges (a header is read by its segment lengths, seeking past what it does not need).
///
/// Only regular files are read: a FIFO or a device named `.jpg` would never end, so the file is
/// opened without blocking and refused unless it is regular.
public final class PictureFile {
    /// Why a file could not be read (``PictureProblem``): the system's reason ("Permission denied").
    public typealias Failure = PictureProblem

    /// The path it was opened at.
    public let path: String
    /// Its size in bytes when opened.
    public let size: Int
    /// Its modification time, in whole seconds since the epoch.
    public let modified: Int
    /// Its modification time in nanoseconds since the epoch (the index's key: a change within the
    /// second is a change).
    public let modifiedNanoseconds: Int64
    private let descriptor: Int32

    /// Opens the regular file at `path`.
    public init(path: String) throws(Failure) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(Self.reason()) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.reason()
            close(descriptor)
            throw .unreadable(reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notARegularFile
        }
        size = max(0, Int(status.st_size))
        modified = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    /// The size and modification time (nanoseconds) of the regular file at `path`, without opening it;
    /// nil when it is not one.
    public static func version(of path: String) -> (size: Int, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return (
            max(0, Int(status.st_size)), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        )
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`: fewer where the file ends, none past its end or on an error.
    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = pread(
                    descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got <= 0 { return }
                initialized += got
            }
        }
    }

    /// The whole file, refused when it holds more than `limit` bytes (also if it grew past it since
    /// it was opened).
    public func contents(atMost limit: Int = .max) throws(Failure) -> [UInt8] {
        guard size <= limit else { throw .tooLarge(limit: limit) }
        var bytes = self.bytes(at: 0, count: size)
        guard bytes.count == size else { throw .unreadable(Self.reason()) }
        // A file that grew meanwhile is read to its new end.
        while true {
            let more = self.bytes(at: bytes.count, count: 65536)
            if more.isEmpty { return bytes }
            bytes += more
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
    }

    /// The whole file at `path`, as ``contents(atMost:)`` reads it.
    public static func contents(of path: String, atMost limit: Int = .max) throws(Failure) -> [UInt8] {
        try PictureFile(path: path).contents(atMost: limit)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
