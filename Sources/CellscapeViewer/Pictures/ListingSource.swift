import CellscapePictures
import Foundation

/// The pictures that the folders and files given hold, listed on a thread of its own: a source whose
/// pictures arrive in batches as the folders are read (in name order; in another, all at the end), so
/// the window need not wait for a folder of 100,000 to be read and sorted. Once its last pictures were
/// taken, it tells what the listing found besides (``takeEnd()``): the files passed over, problems,
/// the folders listed.
final class ListingSource: PictureSource {
    /// What the listing thread found and the main thread has not taken.
    private struct Found: Sendable {
        var paths: [String] = []
        var ended: PictureFiles?
    }

    /// What the listing thread hands over (`Guarded`: a `Mutex` whose hand-overs ThreadSanitizer is told of).
    private let found = Guarded(Found())

    /// Lists `arguments` (files and folders, as `PictureFiles` does) on a thread of its own in `order`,
    /// calling `wake` whenever pictures arrived or the listing ended.
    init(
        _ arguments: [String], recursive: Bool, order: PictureFiles.Order, descending: Bool,
        wake: @escaping @Sendable () -> Void
    ) {
        let found = found
        Thread {
            // In name order the pictures join as they are found; another order is known at the end.
            guard order == .name && !descending else {
                let all = PictureFiles(arguments, recursive: recursive, order: order, descending: descending)
                found.withLock {
                    $0.paths += all.paths
                    $0.ended = all
                }
                return wake()
            }
            var handed = 0
            let all = PictureFiles(arguments, recursive: recursive) { batch in
                found.withLock { $0.paths += batch }
                handed += batch.count
                wake()
            }
            found.withLock {
                $0.paths += all.paths.dropFirst(handed)
                $0.ended = all
            }
            wake()
        }.start()
    }

    func takeArrived() -> [SourcePicture] {
        found.withLock { found in
            defer { found.paths = [] }
            return found.paths
        }.map(SourcePicture.init(file:))
    }

    /// What the listing found, once it ended and its last pictures were taken; nil before, and after.
    func takeEnd() -> PictureFiles? {
        found.withLock { found in
            guard found.paths.isEmpty, let ended = found.ended else { return nil }
            found.ended = nil
            return ended
        }
    }
}
