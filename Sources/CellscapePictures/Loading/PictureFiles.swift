import Foundation

/// The picture files a user names: files as given, folders for the pictures in them (and, recursing,
/// in the folders below, each folder once however many links lead to it), in natural name order.
public struct PictureFiles: Sendable {
    /// The pictures found, as absolute paths, in order.
    public var paths: [String] = []
    /// How many other files were passed over.
    public var skipped = 0
    /// What could not be read, one line each.
    public var problems: [String] = []
    /// The folders the pictures were collected from, as absolute paths (to watch for changes).
    public var folders: [String] = []
    /// Once sorted by another order than name, each picture's rank in name order (the order listed).
    public var nameRanks: [Int]?
    /// When folders listed without recursing hold no picture, how many their subfolders hold: what
    /// `-r` would find.
    public var picturesInSubfolders = 0

    /// The orders pictures can be listed in.
    public enum Order: String, CaseIterable, Codable, Sendable {
        /// By name, in natural order (img2 before img10), folder by folder: the default.
        case name
        /// By modification time, oldest first.
        case time
        /// By size in bytes, smallest first.
        case size
        /// By the date taken that EXIF gives, earliest first; those without one after, by name.
        case taken
    }

    /// The endings of the files taken for pictures; their headers decide later.
    public static let extensions = PictureHeader.Format.allEndings

    /// Collects the pictures of `arguments` (files and folders); folders' subfolders too when
    /// `recursive`; in `order`, reversed when `descending`.
    public init(_ arguments: [String], recursive: Bool, order: Order = .name, descending: Bool = false) {
        self.init(arguments, recursive: recursive, batches: nil)
        sort(order, descending: descending)
    }

    /// Collects the pictures of `arguments` in name order, as ``init(_:recursive:order:descending:)``
    /// does, handing them to `batch` as they are found: the first at once, the next ones at most every
    /// ``batchInterval`` seconds (a folder is sorted before any of its pictures go), the rest at the end.
    /// Every path goes to `batch` exactly once, in order.
    public init(_ arguments: [String], recursive: Bool, batches batch: @escaping ([String]) -> Void) {
        self.init(arguments, recursive: recursive, batches: batch, clock: { DispatchTime.now().uptimeNanoseconds })
    }

    /// The same, the batches timed by `clock` (monotonic nanoseconds): tests step it by hand.
    init(
        _ arguments: [String], recursive: Bool, batches batch: @escaping ([String]) -> Void,
        clock: @escaping () -> UInt64
    ) {
        let batches = Batches(deliver: batch, clock: clock)
        self.init(arguments, recursive: recursive, batches: batches)
        batches.flush(paths, force: true)
    }

    /// How often, at most, a listing hands over what it found: a screen's worth at once, and a
    /// folder tree of 100,000 in a few dozen appends rather than one per folder.
    public static let batchInterval = 0.05

    /// Puts the pictures in `order` (ties, and those without the key, in their natural order after
    /// the others), reversed when `descending`.
    public mutating func sort(_ order: Order, descending: Bool) {
        let keys: [Int?] = paths.map { path in
            switch order {
            case .name: return nil
            case .time, .size:
                // A stat, not a header: the listing need not open every file.
                var status = stat()
                guard stat(path, &status) == 0 else { return nil }
                return order == .time ? Int(status.st_mtim.tv_sec) : Int(status.st_size)
            case .taken: return order.key(of: (try? PictureFile(path: path)).flatMap { PictureHeader(file: $0) })
            }
        }
        let arranged = Order.arrange(keys: keys, nameRanks: Array(paths.indices), descending: descending)
        paths = arranged.map { paths[$0] }
        nameRanks = nameRanks.map { ranks in arranged.map { ranks[$0] } } ?? arranged
    }

    /// Collects the pictures of `arguments` (files and folders); folders' subfolders too when
    /// `recursive`; handing them to `batches` as they come, if given.
    private init(_ arguments: [String], recursive: Bool, batches: Batches?) {
        var visited = Set<FolderIdentity>()
        for argument in arguments {
            let path = Self.absolute(argument)
            var status = stat()
            guard stat(path, &status) == 0 else {
                problems.append("cannot read \(argument): \(String(cString: strerror(errno)))")
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(folder: path, shown: argument, recursive: recursive, visited: &visited, batches: batches)
            } else if status.st_mode & S_IFMT != S_IFREG {
                // A pipe, a device or a socket, whatever its name: reading it could block or never end.
                problems.append("cannot read \(argument): not a regular file")
            } else if Self.extensions.contains((path as NSString).pathExtension.lowercased()) {
                paths.append(path)  // named as a picture: a broken one shows why on its tile
            } else {
                // Named otherwise (README.md, or a picture saved without its ending): its first bytes decide.
                do {
                    let start = try PictureFile(path: path).bytes(at: 0, count: 12)
                    if PictureHeader.formatName(of: start) != nil {
                        paths.append(path)
                    } else {
                        problems.append("\(argument): not a picture (\(PictureHeader.Format.names))")
                    }
                } catch {
                    problems.append(error.description.replacingOccurrences(of: path, with: argument))
                }
            }
        }
        if !recursive && paths.isEmpty && !folders.isEmpty {
            picturesInSubfolders = PictureFiles(folders, recursive: true, batches: nil).paths.count
        }
    }

    /// Collects the pictures of `folder` (named `shown` in messages, as the user gave it).
    private mutating func collect(
        folder: String, shown: String? = nil, recursive: Bool, visited: inout Set<FolderIdentity>, batches: Batches?
    ) {
        var status = stat()
        guard stat(folder, &status) == 0, visited.insert(FolderIdentity(status)).inserted else { return }
        folders.append(folder)
        guard let entries = Self.entries(of: folder) else {
            problems.append("cannot read the folder \(shown ?? folder): \(String(cString: strerror(errno)))")
            return
        }
        let keyed = entries.map { (key: Self.naturalKey($0.name), entry: $0) }
        let precedes = { (first: Int, second: Int) in
            Self.precedes(keyed[first].key, keyed[first].entry.name, keyed[second].key, keyed[second].entry.name)
        }
        var rest = Array(keyed.indices)
        if let batches, batches.delivered == 0, keyed.count > 4 * Self.firstBatch {
            // The first screen's worth goes before the whole folder is sorted (a flat folder of
            // 100,000 would otherwise be one batch, after its sort).
            let first = Self.smallest(Self.firstBatch, of: keyed.count, by: precedes)
            for index in first {
                take(keyed[index].entry, in: folder, recursive: recursive, visited: &visited, batches: batches)
            }
            batches.flush(paths, force: true)
            var taken = [Bool](repeating: false, count: keyed.count)
            for index in first { taken[index] = true }
            rest.removeAll { taken[$0] }
        }
        rest.sort(by: precedes)
        for index in rest {
            take(keyed[index].entry, in: folder, recursive: recursive, visited: &visited, batches: batches)
        }
        batches?.flush(paths, force: false)
    }

    /// How many pictures of a large folder go in the first batch, before the rest is sorted.
    static let firstBatch = 512

    /// Takes one entry of `folder`: a picture, a folder to recurse into, or another file passed over.
    private mutating func take(
        _ entry: (name: String, kind: UInt8), in folder: String, recursive: Bool, visited: inout Set<FolderIdentity>,
        batches: Batches?
    ) {
        guard !entry.name.hasPrefix(".") else { return }
        let path = folder == "/" ? "/\(entry.name)" : "\(folder)/\(entry.name)"
        var isFolder = entry.kind == UInt8(DT_DIR)
        if entry.kind != UInt8(DT_DIR) && entry.kind != UInt8(DT_REG) {
            // A link, or a file system that does not say: ask.
            var target = stat()
            guard stat(path, &target) == 0 else { return }  // a dangling link, or gone meanwhile
            isFolder = target.st_mode & S_IFMT == S_IFDIR
        }
        if isFolder {
            guard recursive else { return }
            batches?.flush(paths, force: false)
            collect(folder: path, recursive: true, visited: &visited, batches: batches)
        } else if Self.hasPictureEnding(entry.name) {
            paths.append(path)
        } else {
            skipped += 1
        }
    }

    /// Whether `name` ends in one of the ``extensions`` (any case), read from its bytes.
    static func hasPictureEnding(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), bytes.distance(from: dot, to: bytes.endIndex) <= 6
        else { return false }
        let ending = bytes[bytes.index(after: dot)...].map { (65...90).contains($0) ? $0 + 32 : $0 }
        return extensions.contains(String(decoding: ending, as: UTF8.self))
    }

    /// The `count` first of `total` items in the order `precedes` gives, in that order, without
    /// sorting the rest: a bounded insertion, O(total log count) when the items come in no order.
    static func smallest(_ count: Int, of total: Int, by precedes: (Int, Int) -> Bool) -> [Int] {
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for index in 0..<total {
            guard best.count < count || precedes(index, best[best.count - 1]) else { continue }
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(best[middle], index) { low = middle + 1 } else { high = middle }
            }
            best.insert(index, at: low)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// The names in `folder` with their kinds as the directory says them (`DT_DIR`, `DT_REG`, ...),
    /// without a `stat` for each; nil when it cannot be read.
    private static func entries(of folder: String) -> [(name: String, kind: UInt8)]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, kind: UInt8)] = []
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            // Through a pointer, up to its NUL: a record ends at its d_reclen, often before the
            // 256 bytes d_name is declared with, so copying the field out would read past it.
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        return entries
    }

    /// The positions of `paths` in natural name order, folder by folder (each folder's pictures and
    /// subfolders as a listing puts them): a key made once per path, so 100,000 sort in a blink.
    public static func nameOrder(of paths: [String]) -> [Int] {
        // Names never hold a NUL, and a natural key's length bytes follow a digit marker, so a NUL
        // between folders' keys sorts a shorter folder name first, as a listing does.
        let keys = paths.map(nameKey(of:))
        return paths.indices.sorted {
            keys[$0] == keys[$1] ? paths[$0] < paths[$1] : keys[$0].lexicographicallyPrecedes(keys[$1])
        }
    }

    /// A path's key in name order (``nameOrder(of:)``): each component's natural key, a NUL between them.
    /// Keys that are equal leave the paths to compare as written.
    public static func nameKey(of path: String) -> [UInt8] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { naturalKey(String($0)) }
            .joined(separator: [0]).map { $0 }
    }

    /// Whether `first` comes before `second` in natural order: runs of digits compare as numbers
    /// (img2 before img10), the rest case-insensitively, then as written.
    public static func naturallyPrecedes(_ first: String, _ second: String) -> Bool {
        precedes(naturalKey(first), first, naturalKey(second), second)
    }

    private static func precedes(_ firstKey: [UInt8], _ first: String, _ secondKey: [UInt8], _ second: String)
        -> Bool
    {
        // One memcmp: the generic comparison of two arrays was most of a million names' sort.
        let order = firstKey.withUnsafeBytes { first in
            secondKey.withUnsafeBytes { second in
                let common = min(first.count, second.count)
                let bytes = common == 0 ? 0 : memcmp(first.baseAddress!, second.baseAddress!, common)
                return bytes != 0 ? Int(bytes) : first.count - second.count
            }
        }
        return order == 0 ? first < second : order < 0
    }

    /// Bytes whose order is the natural order of names: the name in lower case, each run of digits
    /// written as "0", its length without leading zeros (four bytes) and those digits, so longer
    /// numbers sort later and numbers of one length by their digits. Computed once per name, so a
    /// folder of 100,000 sorts in a blink.
    static func naturalKey(_ name: String) -> [UInt8] {
        let bytes = Array(name.lowercased().utf8)
        let zero = UInt8(ascii: "0")
        let isDigit = { (byte: UInt8) in (zero...UInt8(ascii: "9")).contains(byte) }
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]) else {
                key.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isDigit(bytes[end]) { end += 1 }
            while index < end && bytes[index] == zero { index += 1 }
            let length = UInt32(end - index)
            key.append(zero)
            key += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            key += bytes[index..<end]
            index = end
        }
        return key
    }

    /// `path` made absolute and without `.` or `..`: the same file, however it was named.
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
