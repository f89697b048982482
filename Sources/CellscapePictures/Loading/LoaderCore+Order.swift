import Foundation

/// The pictures of a loader: appended as they join, read in the order they show in, forgotten when
/// they go. The queue, the workers and the outbox speak of ids alone.
extension LoaderCore {
    /// Appends pictures a listing found so far and wakes the main loop to take them.
    func appendListed(_ paths: [String]) {
        append(paths: paths)
        var byte: UInt8 = 1
        _ = write(wakeWriteEnd, &byte, 1)
    }

    /// See ``PictureLoader/append(paths:)``.
    @discardableResult
    func append(paths more: [String]) -> [PictureID] {
        condition.withLock {
            let first = paths.count
            paths += more
            forgotten += repeatElement(false, count: more.count)
            // Read after those waiting: the feed shows pictures in order.
            headersPending.insert(contentsOf: (first..<paths.count).reversed(), at: 0)
            condition.broadcast()
            return (first..<paths.count).map(PictureID.init)
        }
    }

    /// See ``PictureLoader/readHeaders(inOrderOf:)``.
    func readHeaders(inOrderOf ids: [PictureID]) {
        condition.withLock {
            requestsMade += 1
            var rank = [Int](repeating: Int.max, count: paths.count)
            for (position, id) in ids.enumerated() where id.rawValue < rank.count { rank[id.rawValue] = position }
            // Popped from the end: the first to read goes last; those not named keep their order after.
            headersPending = headersPending.enumerated().sorted { first, second in
                let (firstRank, secondRank) = (rank[first.element], rank[second.element])
                return firstRank != secondRank ? firstRank > secondRank : first.offset < second.offset
            }.map(\.element)
        }
    }

    /// See ``PictureLoader/forget(_:)``.
    func forget(_ ids: some Sequence<PictureID>) {
        condition.withLock {
            requestsMade += 1
            for id in ids where id.rawValue < forgotten.count { forgotten[id.rawValue] = true }
            headersPending.removeAll { forgotten[$0] }
            queue.cancelAll { forgotten[$0.id.rawValue] }
            waitingThumbnails = waitingThumbnails.filter { !forgotten[Int($0.key >> 20)] }
            waitingFrames = waitingFrames.filter { !forgotten[Int($0.key >> 20)] }
            waitingRegions = waitingRegions.filter { !forgotten[$0.key.rawValue] }
            requested = requested.filter { !forgotten[Int($0 >> 20)] }
            animations = animations.filter { !forgotten[Int($0.key >> 20)] }
        }
    }
}

extension PictureLoader.Result {
    /// The picture the result is for, if it is for one.
    var id: PictureID? {
        switch self {
        case .header(let id, _, _), .thumbnail(let id, _, _, _), .frames(let id, _, _, _, _, _),
            .region(let id, _, _, _, _):
            id
        case .cacheProblem, .listed: nil
        }
    }
}
