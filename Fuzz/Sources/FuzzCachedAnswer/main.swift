import CellscapeFeeds
import Foundation

/// A file of the cache of downloads as the disk may hold it after a crash or a bad disk: read as an
/// entry when it is one whole, and then written and read again to the same entry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let entry = CachedAnswerFile.entry(from: data) else { return 0 }
    guard let again = CachedAnswerFile.bytes(of: entry) else { return 0 }
    precondition(CachedAnswerFile.entry(from: again) == entry, "an entry read differs once written again")
    return 0
}
