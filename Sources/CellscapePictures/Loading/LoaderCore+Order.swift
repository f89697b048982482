import Foundation

/// The order of a loader's pictures: its callers speak of positions, its queue, workers and outbox of
/// ids, which never change, so a picture's work in hand stays its own when the order changes.
extension LoaderCore {
    /// Appends pictures a listing found so far and wakes the main loop to take them.
    func appendListed(_ paths: [String]) {
        append(paths: paths)
        var byte: UInt8 = 1
        _ = write(wakeWriteEnd, &byte, 1)
    }

    /// See ``PictureLoader/append(paths:)``.
    func append(paths more: [String]) {
        condition.withLock {
            let first = storedPaths.count
            storedPaths += more
            positions += (0..<more.count).map { order.count + $0 }
            order += first..<storedPaths.count
            orderedPaths += more
            // Read after those waiting: the feed shows pictures in order.
            headersPending.insert(contentsOf: (first..<storedPaths.count).reversed(), at: 0)
            condition.broadcast()
        }
    }

    /// See ``PictureLoader/rearrange(_:known:)``.
    func rearrange(_ kept: [Int], known: Int) {
        condition.withLock {
            let newOrder = kept.map { order[$0] } + order[min(known, order.count)...]
            for id in order { positions[id] = -1 }
            for (position, id) in newOrder.enumerated() { positions[id] = position }
            order = newOrder
            orderedPaths = newOrder.map { storedPaths[$0] }
            // Headers still to read, in the new order: the feed's pictures arrive as a prefix.
            headersPending = headersPending.filter { positions[$0] >= 0 }.sorted { positions[$0] > positions[$1] }
            requests.removeAll { positions[$0.index] < 0 }
            requested = requested.filter { positions[Int($0 >> 20)] >= 0 }
            animations = animations.filter { positions[Int($0.key >> 20)] >= 0 }
        }
    }

    /// `result` with its id replaced by the picture's position now; nil when the picture was dropped.
    /// Under the lock.
    func positioned(_ result: Result) -> Result? {
        switch result {
        case .header(let id, let header, let problem):
            return position(id).map { .header(index: $0, header, problem: problem) }
        case .thumbnail(let id, let side, let image, let problem):
            return position(id).map { .thumbnail(index: $0, side: side, image, problem: problem) }
        case .frames(let id, let side, let frames, let count, let plays, let problem):
            return position(id).map {
                .frames(index: $0, side: side, frames, count: count, plays: plays, problem: problem)
            }
        case .region(let id, let part, let scale, let image, let problem):
            return position(id).map { .region(index: $0, part, scale: scale, image, problem: problem) }
        case .cacheProblem, .listed: return result
        }
    }

    /// The position of picture `id`, or nil once it was dropped. Under the lock.
    func position(_ id: Int) -> Int? { positions[id] >= 0 ? positions[id] : nil }
}
