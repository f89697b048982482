import CDigests
import CPictureCodecs
import CellscapeLayout
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The desktop's shared thumbnail cache, as the freedesktop.org Thumbnail Managing Standard says:
/// `$XDG_CACHE_HOME/thumbnails` (or `~/.cache/thumbnails`), a folder per size, each thumbnail a PNG
/// named by the MD5 of its file's URI and carrying `Thumb::URI`, `Thumb::MTime` and `Thumb::Size`. GNOME
/// Files, Thunar and Cellscape share the work.
public struct ThumbnailCache: Sendable {
    /// The sizes of the standard: the longest side of a thumbnail, and its folder.
    public enum Size: String, CaseIterable, Sendable {
        case normal
        case large
        case xLarge = "x-large"
        case xxLarge = "xx-large"

        /// The smallest size whose thumbnails are at least `side` pixels, nil above the largest.
        public static func atLeast(_ side: Int) -> Size? {
            allCases.first { $0.pixels >= side }
        }

        /// The longest side, in pixels.
        public var pixels: Int {
            switch self {
            case .normal: 128
            case .large: 256
            case .xLarge: 512
            case .xxLarge: 1024
            }
        }
    }

    /// The cache's folder.
    public let root: String

    /// The cache at `root`.
    public init(root: String) {
        self.root = root
    }

    /// The cache of the user these variables describe: `$XDG_CACHE_HOME/thumbnails`, or
    /// `$HOME/.cache/thumbnails`.
    public init(environment: [String: String]) {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        root = (cache ?? "\(environment["HOME"] ?? "/tmp")/.cache") + "/thumbnails"
    }

    /// The `file://` URI of an absolute path, byte for byte what GLib's `g_filename_to_uri` gives (GNOME
    /// Files, Thunar and GIMP name their thumbnails by it): every byte percent-encoded (uppercase hex)
    /// but ASCII letters, digits and `-._~!$&'()*+,=:@/`.
    public static func uri(forPath path: String) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var uri = "file://"
        for byte in path.utf8 {
            if byte < 0x80, uriKeeps[Int(byte)] {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
        }
        return uri
    }

    /// The ASCII bytes GLib leaves as they are in a file URI's path.
    private static let uriKeeps: [Bool] = (0..<128).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~!$&'()*+,=:@/".unicodeScalars.contains(scalar)
    }

    /// The file name of a thumbnail: the lowercase hexadecimal MD5 of the URI, then `.png`.
    public static func fileName(forURI uri: String) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        let bytes = Array(uri.utf8)
        bytes.withUnsafeBufferPointer { cellscape_md5($0.baseAddress, $0.count, &digest) }
        return digest.map { String($0 >> 4, radix: 16) + String($0 & 0xF, radix: 16) }.joined() + ".png"
    }

    /// Where the thumbnail of the file at `path` (absolute) lives.
    public func path(forFile path: String, size: Size) -> String {
        "\(root)/\(size.rawValue)/\(Self.fileName(forURI: Self.uri(forPath: path)))"
    }

    /// Where a failure to thumbnail the file is recorded.
    public func failurePath(forFile path: String) -> String {
        "\(root)/fail/cellscape-\(Self.programVersion)/\(Self.fileName(forURI: Self.uri(forPath: path)))"
    }

    /// The thumbnail of the file at `path`, modified at `modified` (whole seconds since the epoch) and
    /// `fileSize` bytes long when given, if the cache holds one made from that very version of the file,
    /// shrunk as it is read to fit `fitting` x `fitting` when given; its memory from `pool` if given.
    public func thumbnail(
        forFile path: String, modified: Int, fileSize: Int? = nil, size: Size, fitting: Int? = nil,
        pool: PixelPool? = nil
    ) -> Framebuffer? {
        guard let data = try? PictureFile.contents(of: self.path(forFile: path, size: size), atMost: Self.largestFile)
        else {
            return nil
        }
        return Self.thumbnail(
            in: data, forFile: path, modified: modified, fileSize: fileSize, size: size, fitting: fitting, pool: pool)
    }

    /// The thumbnail in `data`, the bytes of a cache file, if it was made from the file at `path` as
    /// modified at `modified` (and `fileSize` bytes long, when both say) and fits `size`. Anything in the
    /// folder may be damaged or hostile: a file larger than its size allows, in bytes or in pixels, is
    /// taken for missing before it is decoded.
    public static func thumbnail(
        in data: [UInt8], forFile path: String, modified: Int, fileSize: Int? = nil, size: Size, fitting: Int? = nil,
        pool: PixelPool? = nil
    ) -> Framebuffer? {
        guard data.count <= largestFile, let header = PictureHeader(data), header.format == .png,
            header.width <= size.pixels, header.height <= size.pixels,
            describes(data, path: path, modified: modified, fileSize: fileSize)
        else { return nil }
        return try? PictureDecoder.decode(
            data, fitting: fitting.map { CellscapeLayout.Size(width: Double($0), height: Double($0)) }, pool: pool)
    }

    /// The largest cache file read: far more than a 1024 x 1024 PNG needs.
    static let largestFile = 32 << 20

    /// Writes the thumbnail of the file at `path`: to a temporary file in the same folder, renamed into
    /// place, so a reader never sees half of one. Folders 0700, files 0600.
    public func store(
        _ thumbnail: Framebuffer, forFile path: String, modified: Int, fileSize: Int? = nil, size: Size,
        movieSeconds: Double? = nil
    ) throws(Failure) {
        let encoded = Self.png(
            thumbnail, forFile: path, modified: modified, fileSize: fileSize, movieSeconds: movieSeconds)
        guard let encoded else { throw Failure(description: "cannot encode the thumbnail of \(path)") }
        try Self.writeWhole(encoded, to: self.path(forFile: path, size: size))
    }

    /// The thumbnail as the standard's PNG for the file at `path`, modified at `modified`: with its URI,
    /// time, size when given, the program, and a video's length.
    public static func png(
        _ thumbnail: Framebuffer, forFile path: String, modified: Int, fileSize: Int? = nil, movieSeconds: Double? = nil
    ) -> [UInt8]? {
        var keys = versionKeys(fileSize) + ["Software"]
        var values = version(path, modified, fileSize) + ["Cellscape \(programVersion)"]
        if let movieSeconds {
            // The standard's key for a video's length, in whole seconds.
            keys.append("Thumb::Movie::Length")
            values.append(String(Int(movieSeconds.rounded())))
        }
        return encode(thumbnail, keys: keys, values: values)
    }

    /// Records that the file at `path` cannot be thumbnailed (an empty PNG under `fail/`), and why
    /// (`reason`, without the path), so no program of this version tries again until the file changes
    /// and a later run says why it failed.
    public func recordFailure(
        forFile path: String, modified: Int, fileSize: Int? = nil, reason: String? = nil
    ) throws(Failure) {
        let empty = Framebuffer(width: 1, height: 1)
        var keys = Self.versionKeys(fileSize)
        var values = Self.version(path, modified, fileSize)
        if let reason, !reason.isEmpty {
            keys.append(Self.reasonKey)
            values.append(Self.printableLine(reason))
        }
        let encoded = Self.encode(empty, keys: keys, values: values)
        guard let encoded else { throw Failure(description: "cannot record the failure for \(path)") }
        try Self.writeWhole(encoded, to: failurePath(forFile: path))
    }

    /// Whether a failure to thumbnail this version of the file is recorded.
    public func hasFailure(forFile path: String, modified: Int, fileSize: Int? = nil) -> Bool {
        failure(forFile: path, modified: modified, fileSize: fileSize) != nil
    }

    /// Why this version of the file failed, when a failure is recorded for it: the reason recorded, or
    /// "" for an entry that holds none (another program's, or an older Cellscape's).
    public func failure(forFile path: String, modified: Int, fileSize: Int? = nil) -> String? {
        guard let data = try? PictureFile.contents(of: failurePath(forFile: path), atMost: Self.largestFile),
            Self.describes(data, path: path, modified: modified, fileSize: fileSize)
        else { return nil }
        return Self.text(Self.reasonKey, in: data) ?? ""
    }

    /// The failure entry's key for why it failed (the standard lets programs add keys of their own).
    static let reasonKey = "Cellscape::Failure"

    /// `text` as one line of printable ASCII (a PNG's tEXt holds Latin-1), at most 1,000 characters.
    private static func printableLine(_ text: String) -> String {
        let scalars = text.unicodeScalars.prefix(1000).map { scalar -> Character in
            (0x20...0x7E).contains(scalar.value) ? Character(scalar) : "?"
        }
        return String(scalars)
    }

    /// The keys that name a version of a file: its URI, its modification time in whole seconds, and its
    /// size when known (the standard's optional `Thumb::Size`: a file rewritten within the second it
    /// was read, as an editor or `mogrify` rewrites it in place, is another version).
    private static func versionKeys(_ fileSize: Int?) -> [String] {
        ["Thumb::URI", "Thumb::MTime"] + (fileSize == nil ? [] : ["Thumb::Size"])
    }

    private static func version(_ path: String, _ modified: Int, _ fileSize: Int?) -> [String] {
        [uri(forPath: path), String(modified)] + (fileSize.map { [String($0)] } ?? [])
    }

    /// Whether a cache file's keys name this version of the file at `path`.
    private static func describes(_ data: [UInt8], path: String, modified: Int, fileSize: Int?) -> Bool {
        text("Thumb::MTime", in: data) == String(modified) && text("Thumb::URI", in: data) == uri(forPath: path)
            && sizeAgrees(text("Thumb::Size", in: data), fileSize)
    }

    /// Sizes agree unless both are known and differ (other programs may leave `Thumb::Size` out).
    private static func sizeAgrees(_ recorded: String?, _ fileSize: Int?) -> Bool {
        guard let recorded, let fileSize else { return true }
        return recorded == String(fileSize)
    }

    /// Why the cache could not be written, in one line.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The version recorded in failure folders.
    static let programVersion = CellscapeVersion.current

    private static func encode(_ frame: Framebuffer, keys: [String], values: [String]) -> [UInt8]? {
        PictureEncoder.png(frame, text: Array(zip(keys, values)).map { (key: $0.0, value: $0.1) })
    }

    /// The value of `key` among the text chunks of the PNG `data`, if it has one.
    public static func text(_ key: String, in data: [UInt8]) -> String? {
        var value = [CChar](repeating: 0, count: 4096)
        let status = data.withUnsafeBufferPointer {
            cellscape_png_text($0.baseAddress, $0.count, key, &value, value.count)
        }
        guard status == 0 else { return nil }
        return String(decoding: value.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `bytes` to `path` through a temporary file in its folder (created 0700 as needed), 0600.
    private static func writeWhole(_ bytes: [UInt8], to path: String) throws(Failure) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        try makeFolders(folder)
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBufferPointer {
                write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count <= 0 {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw Failure(description: "cannot write \(path): \(reason)")
            }
            written += count
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
    }

    private static func makeFolders(_ folder: String) throws(Failure) {
        var current = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            current += "/" + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw Failure(description: "cannot make \(current): \(String(cString: strerror(errno)))")
            }
        }
    }
}
