import Foundation

/// Hands a listing's pictures over as they are found (``PictureFiles/init(_:recursive:batches:)``).
final class Batches {
    let deliver: ([String]) -> Void
    /// How many paths went so far.
    private(set) var delivered = 0
    var lastDelivery: UInt64 = 0
    /// Monotonic nanoseconds.
    let clock: () -> UInt64

    init(deliver: @escaping ([String]) -> Void, clock: @escaping () -> UInt64) {
        self.deliver = deliver
        self.clock = clock
    }

    /// Hands over the pictures found since the last batch: the first at once, then when `force` or
    /// once ``PictureFiles/batchInterval`` has passed.
    func flush(_ paths: [String], force: Bool) {
        guard paths.count > delivered else { return }
        let now = clock()
        let interval = UInt64(PictureFiles.batchInterval * 1e9)
        guard force || delivered == 0 || now - lastDelivery >= interval else { return }
        deliver(Array(paths[delivered...]))
        delivered = paths.count
        lastDelivery = now
    }
}

/// A folder as the file system knows it, whatever path led to it.
struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
