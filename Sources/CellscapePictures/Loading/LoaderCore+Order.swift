import Foundation

/// The pictures of a loader: appended as they join, read in the order they show in, forgotten when
/// they go. The queue, the workers and the outbox speak of ids alone.
extension LoaderCore {
    /// See ``PictureLoader/append(paths:)``.
    @discardableResult
    func append(paths more: [String], held: [PictureBytes] = []) -> [PictureID] {
        locked(wake: .all) { state in
            let first = state.count
            for (offset, path) in more.enumerated() {
                state.paths[first + offset] = path
                state.known[first + offset] = true
            }
            state.count += more.count
            // In the same look: a worker must not read a held picture's name as a file's path.
            for (offset, picture) in held.enumerated() { state.held[first + offset] = picture }
            // A source's pictures come with their sizes (a feed's page gives them): the tiles on screen
            // go before other headers, each of which may be a download.
            if !held.isEmpty { state.headersRead = max(state.headersRead, LoaderCore.firstHeaders) }
            // Read after those waiting: the feed shows pictures in order. One read when shown is read
            // with its thumbnail.
            let readWhenShown = { (id: Int) in held.isEmpty ? false : held[id - first].readWhenShown }
            state.headersPending.insert(
                contentsOf: (first..<state.count).reversed().filter { !readWhenShown($0) }, at: 0)
            return (first..<state.count).map(PictureID.init)
        }
    }

    /// See ``PictureLoader/readHeaders(inOrderOf:)``.
    func readHeaders(inOrderOf ids: [PictureID]) {
        locked { state in
            state.requestsMade += 1
            var rank = [Int](repeating: Int.max, count: state.count)
            for (position, id) in ids.enumerated() where id.rawValue < rank.count { rank[id.rawValue] = position }
            // Popped from the end: the first to read goes last; those not named keep their order after.
            state.headersPending = state.headersPending.enumerated().sorted { first, second in
                let (firstRank, secondRank) = (rank[first.element], rank[second.element])
                return firstRank != secondRank ? firstRank > secondRank : first.offset < second.offset
            }.map(\.element)
        }
    }

    /// See ``PictureLoader/forget(_:)``.
    func forget(_ ids: some Sequence<PictureID>) {
        let ids = Array(ids)
        let unwanted = locked(wake: .all) { state in
            state.requestsMade += 1
            for id in ids {
                state.known[id] = false
                state.held[id.rawValue] = nil
                // Its name and version go too: a folder whose files come and go would keep a slot for
                // every picture it had (the table lets a page go once all its pictures went).
                state.paths[id] = ""
                state.versions[id] = 0
            }
            let known = state.known
            state.headersPending.removeAll { !known[$0] }
            state.queue.cancelAll { !known[$0.id] }
            state.waitingThumbnails = state.waitingThumbnails.filter { known[Int($0.key >> 20)] }
            state.waitingRegions = state.waitingRegions.filter { known[$0.key] }
            state.requested = state.requested.filter { known[Int($0 >> 20)] }
            let animations = Set(state.waitingFrames.keys).union(state.animationWorkers.keys)
                .union(state.parkedAnimations.keys)
            for key in animations where !known[Int(key >> 20)] { state.stopAnimation(key) }
            // The reads of their bytes: nothing will take what they bring.
            return state.data.cancellations { key, _ in !known[PictureID(key.id)] }
        }
        for read in unwanted { read.cancel() }
    }
}
