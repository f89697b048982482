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

    /// The endings of the files taken for pictures; their headers decide later.
    public static let extensions: Set<String> = ["jpg", "jpeg", "jpe", "png"]

    /// Collects the pictures of `arguments` (files and folders); folders' subfolders too when `recursive`.
    public init(_ arguments: [String], recursive: Bool) {
        var visited = Set<FolderIdentity>()
        for argument in arguments {
            let path = Self.absolute(argument)
            var status = stat()
            guard stat(path, &status) == 0 else {
                problems.append("cannot read \(argument): \(String(cString: strerror(errno)))")
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(folder: path, recursive: recursive, visited: &visited)
            } else {
                paths.append(path)
            }
        }
    }

    private mutating func collect(folder: String, recursive: Bool, visited: inout Set<FolderIdentity>) {
        var status = stat()
        guard stat(folder, &status) == 0, visited.insert(FolderIdentity(status)).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            problems.append("cannot read the folder \(folder)")
            return
        }
        for name in names.sorted(by: Self.naturallyPrecedes) where !name.hasPrefix(".") {
            let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
            var entry = stat()
            guard stat(path, &entry) == 0 else { continue }  // a dangling link, or gone meanwhile
            if entry.st_mode & S_IFMT == S_IFDIR {
                if recursive { collect(folder: path, recursive: true, visited: &visited) }
            } else if Self.extensions.contains((name as NSString).pathExtension.lowercased()) {
                paths.append(path)
            } else {
                skipped += 1
            }
        }
    }

    /// Whether `first` comes before `second` in natural order: runs of digits compare as numbers
    /// (img2 before img10), the rest case-insensitively, then as written.
    public static func naturallyPrecedes(_ first: String, _ second: String) -> Bool {
        let left = Array(first.unicodeScalars)
        let right = Array(second.unicodeScalars)
        var i = 0
        var j = 0
        while i < left.count && j < right.count {
            if CharacterSet.decimalDigits.contains(left[i])
                && CharacterSet.decimalDigits.contains(right[j])
            {
                let leftStart = i
                let rightStart = j
                while i < left.count && CharacterSet.decimalDigits.contains(left[i]) { i += 1 }
                while j < right.count && CharacterSet.decimalDigits.contains(right[j]) { j += 1 }
                let leftDigits = String(String.UnicodeScalarView(left[leftStart..<i])).drop { $0 == "0" }
                let rightDigits = String(String.UnicodeScalarView(right[rightStart..<j])).drop { $0 == "0" }
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count }
                if leftDigits != rightDigits { return leftDigits < rightDigits }
                continue
            }
            let a = String(left[i]).lowercased()
            let b = String(right[j]).lowercased()
            if a != b { return a < b }
            i += 1
            j += 1
        }
        if (left.count - i) != (right.count - j) { return (left.count - i) < (right.count - j) }
        return first < second
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// A folder as the file system knows it, whatever path led to it.
private struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
