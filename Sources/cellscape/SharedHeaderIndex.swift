import CellscapePictures
import Foundation

/// The index of pictures' headers the process shares (``HeaderIndex``), opened at the first feed of
/// files that asks for it, under `$XDG_CACHE_HOME/cellscape`.
enum SharedHeaderIndex {
    /// The default of `--index-size`, in MB: a million pictures' rows take about 120 (SQLite's pages,
    /// paths of 20 bytes and the order of use), so a folder of a million stays whole.
    static let defaultSize = 256

    private static let opened = Guarded<HeaderIndex??>(nil)

    /// The index, bounded to `megabytes` MB when it is first opened; nil at 0.
    static func index(megabytes: Int) -> HeaderIndex? {
        guard megabytes > 0 else { return nil }
        return opened.withLock { opened in
            if let index = opened { return index }
            let index = HeaderIndex(path: HeaderIndex.file(), limit: megabytes << 20) { problem in
                FileHandle.standardError.write(Data("cellscape: \(problem)\n".utf8))
            }
            opened = .some(index)
            return index
        }
    }

    /// Writes what the index holds unwritten (the command ends).
    static func flush() {
        opened.withLock { $0 ?? nil }?.flush()
    }
}
