#if canImport(Glibc)
    import Glibc
#endif

/// The desktop's trash, as the freedesktop.org Trash specification has it (what GNOME Files, KDE and
/// `gio trash` use): a file goes to the trash of its own file system (the home trash,
/// `$XDG_DATA_HOME/Trash`, when it is on the same one; else `$topdir/.Trash/$uid` or
/// `$topdir/.Trash-$uid`), its `.trashinfo` written first under a name no other file holds, then the
/// file renamed into `files/`. A rename that fails takes its info back: each file is either moved
/// with its info or untouched, however the program ends.
public struct TrashCan: Sendable {
    /// Why a file could not be moved or put back, in one line with the system's reason.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// A file in the trash: where it was, where it is, and its info file.
    public struct Moved: Hashable, Sendable {
        public var original: String
        public var trashed: String
        public var info: String
    }

    /// The home trash.
    public let home: String

    /// The trash of `environment`'s `XDG_DATA_HOME` (else `HOME/.local/share`).
    public init(environment: [String: String]) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        home = (data ?? "\(environment["HOME"] ?? "/tmp")/.local/share") + "/Trash"
    }

    /// Moves the file at `path` (absolute) into the trash of its file system.
    public func trash(_ path: String, deletedAt date: time_t = time(nil)) throws(Failure) -> Moved {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw failure("cannot move \(path) to the trash") }
        let (trash, named) = try trashFor(path, device: status.st_dev)
        try Self.makeFolder(trash + "/files")
        try Self.makeFolder(trash + "/info")
        let name = (path as String).split(separator: "/").last.map(String.init) ?? "file"
        let content = "[Trash Info]\nPath=\(Self.escaped(named))\nDeletionDate=\(Self.timestamp(date))\n"
        for number in 1...10_000 {
            let candidate = number == 1 ? name : Self.numbered(name, number)
            let info = "\(trash)/info/\(candidate).trashinfo"
            let descriptor = open(info, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 && errno == EEXIST { continue }
            guard descriptor >= 0 else { throw failure("cannot write \(info)") }
            let trashed = "\(trash)/files/\(candidate)"
            // A file left in files/ without its info (another program's crash) keeps its name.
            if access(trashed, F_OK) == 0 {
                close(descriptor)
                unlink(info)
                continue
            }
            let bytes = Array(content.utf8)
            let written = write(descriptor, bytes, bytes.count)
            close(descriptor)
            guard written == bytes.count else {
                let reason = failure("cannot write \(info)")
                unlink(info)
                throw reason
            }
            guard rename(path, trashed) == 0 else {
                let reason = failure("cannot move \(path) to the trash")
                unlink(info)
                throw reason
            }
            return Moved(original: path, trashed: trashed, info: info)
        }
        throw Failure(description: "cannot move \(path) to the trash: no free name")
    }

    /// Puts a file moved to the trash back where it was, unless another file took its place.
    public func restore(_ moved: Moved) throws(Failure) {
        guard access(moved.original, F_OK) != 0 else {
            throw Failure(description: "cannot put back \(moved.original): another file is there")
        }
        guard rename(moved.trashed, moved.original) == 0 else { throw failure("cannot put back \(moved.original)") }
        unlink(moved.info)
    }

    /// The trash for a file on `device`, and the path its info names (absolute for the home trash,
    /// relative to the top of its file system otherwise).
    private func trashFor(_ path: String, device: dev_t) throws(Failure) -> (String, String) {
        if Self.device(ofNearestFolder: home) == device { return (home, path) }
        let top = Self.topFolder(of: path, device: device)
        let uid = getuid()
        let relative = String(path.dropFirst(top == "/" ? 1 : top.count + 1))
        var shared = stat()
        let sharedPath = (top == "/" ? "" : top) + "/.Trash"
        // A shared .Trash counts only when it is a real folder with the sticky bit, as the spec says.
        if lstat(sharedPath, &shared) == 0, shared.st_mode & S_IFMT == S_IFDIR, shared.st_mode & S_ISVTX != 0 {
            let own = "\(sharedPath)/\(uid)"
            if (try? Self.makeFolder(own)) != nil { return (own, relative) }
        }
        return ((top == "/" ? "" : top) + "/.Trash-\(uid)", relative)
    }

    /// The device of `path`, or of its nearest existing parent.
    private static func device(ofNearestFolder path: String) -> dev_t? {
        var current = path
        while !current.isEmpty {
            var status = stat()
            if stat(current, &status) == 0 { return status.st_dev }
            guard let slash = current.lastIndex(of: "/") else { return nil }
            current = String(current[..<slash])
        }
        var root = stat()
        return stat("/", &root) == 0 ? root.st_dev : nil
    }

    /// The topmost folder above `path` still on `device`: its file system's mount point.
    private static func topFolder(of path: String, device: dev_t) -> String {
        var top = parentOf(path)
        while top != "/" {
            let parent = parentOf(top)
            var status = stat()
            guard stat(parent, &status) == 0, status.st_dev == device else { return top }
            top = parent
        }
        return top
    }

    private static func parentOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func makeFolder(_ path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
        let parent = parentOf(path)
        if parent != path && parent != "/" { try makeFolder(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw Failure(description: "cannot make \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// `photo.jpg` numbered 2 is `photo.2.jpg`.
    private static func numbered(_ name: String, _ number: Int) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name).\(number)" }
        return "\(name[..<dot]).\(number)\(name[dot...])"
    }

    /// The path as a trash info writes it: percent-encoded but for ASCII letters, digits, `-._~` and
    /// `/` (as GLib's `g_uri_escape_string` with `/` allowed, which GNOME writes).
    static func escaped(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var escaped = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "-._~/".unicodeScalars.contains(scalar)
            {
                escaped.unicodeScalars.append(scalar)
            } else {
                escaped += "%\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
            }
        }
        return escaped
    }

    /// Local time as `YYYY-MM-DDThh:mm:ss`.
    private static func timestamp(_ date: time_t) -> String {
        var seconds = date
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
