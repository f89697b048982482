import Foundation

/// What the main thread asks of the workers, and what it takes back.
extension LoaderCore {
    /// See ``PictureLoader/requestThumbnail(_:side:priority:forWindow:)``.
    func requestThumbnail(_ id: PictureID, side: Int, priority: Int, forWindow: Bool = false) {
        locked(wake: .one) { state in
            state.requestsMade += 1
            guard state.known[id] else { return }
            let key = Self.key(id, side)
            if state.requested.insert(key).inserted {
                state.waitingThumbnails[key] = state.queue.enqueue(
                    Request(id: id, side: side, forWindow: forWindow), at: Self.level(priority))
            } else if let waiting = state.waitingThumbnails[key] {
                state.queue.raise(waiting, to: Self.level(priority))
            }
        }
    }

    /// See ``PictureLoader/requestRegion(_:region:scale:)``.
    func requestRegion(_ id: PictureID, region: PictureRegion, scale: Double) {
        locked(wake: .one) { state in
            state.requestsMade += 1
            guard state.known[id] else { return }
            if let waiting = state.waitingRegions[id] { state.queue.cancel(waiting) }
            state.waitingRegions[id] = state.queue.enqueue(
                Request(id: id, side: 0, forWindow: true, region: (region, min(1, scale))), at: .open)
        }
    }

    /// See ``PictureLoader/requestFrames(_:side:count:priority:)``.
    func requestFrames(_ id: PictureID, side: Int, count: Int, priority: Int) {
        guard count > 0 else { return }
        // All: only the worker decoding the animation may take its frames.
        locked(wake: .all) { state in
            state.requestsMade += 1
            guard state.known[id] else { return }
            let key = Self.key(id, side)
            if let waiting = state.waitingFrames[key] {
                state.queue.update(waiting) { $0.frames += count }
                state.queue.raise(waiting, to: Self.level(priority))
            } else {
                state.waitingFrames[key] = state.queue.enqueue(
                    Request(id: id, side: side, forWindow: false, frames: count), at: Self.level(priority))
            }
        }
    }

    /// See ``PictureLoader/seekFrames(_:side:to:count:priority:)``.
    func seekFrames(_ id: PictureID, side: Int, to milliseconds: Int, count: Int, priority: Int) {
        locked(wake: .all) { state in
            state.requestsMade += 1
            guard state.known[id] else { return }
            let key = Self.key(id, side)
            // The frames asked before go, and the decoder with them: the next worker free opens it anew there.
            state.stopAnimation(key)
            state.waitingFrames[key] = state.queue.enqueue(
                Request(id: id, side: side, forWindow: false, frames: max(1, count), start: milliseconds),
                at: Self.level(priority))
        }
    }

    /// See ``PictureLoader/stopFrames(_:side:)``.
    func stopFrames(_ id: PictureID, side: Int) {
        let unwanted = locked(wake: .all) { state in
            state.requestsMade += 1
            state.stopAnimation(Self.key(id, side))
            // The movie it was to play from, when only its frames waited for it (a video left as it came).
            return state.data.cancellations { key, read in
                key == DataStage.Key(id: id.rawValue, rendition: .moving(side))
                    && read.jobs.allSatisfy { if case .frames = $0.job { true } else { false } }
            }
        }
        // Outside the lock: a read's cancel may answer at once, and its answer takes the lock.
        for read in unwanted { read.cancel() }
    }

    /// See ``PictureLoader/reread(_:)``.
    func reread(_ id: PictureID) {
        locked(wake: .all) { state in
            state.requestsMade += 1
            guard state.known[id] else { return }
            // Read next: what changed on disk shows soon; what was read of it before is let go.
            state.versions[id.rawValue] += 1
            state.headersPending.append(id.rawValue)
            state.requested = state.requested.filter { $0 >> 20 != Int64(id.rawValue) }
            // Those already delivered and not yet taken go too: taken after this, they would undo it.
            state.outbox.removeAll { result in
                guard result.id == id else { return false }
                if case .header = result { return true }
                if case .thumbnail = result { return true }
                return false
            }
        }
    }

    /// See ``PictureLoader/takeResults()``.
    func takeResults() -> [Result] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
        return locked { state in
            defer {
                state.outbox.removeAll()
                state.mainLoopWoken = false
            }
            for case .thumbnail(let id, let side, _, _) in state.outbox {
                state.requested.remove(Self.key(id, side))
            }
            return state.outbox.filter { result in result.id.map { state.known[$0] } ?? true }
        }
    }

    /// See ``PictureLoader/waitForResults(count:seconds:)``.
    func waitForResults(count: Int, seconds: Double) -> [Result] {
        var results: [Result] = []
        let deadline = Date().addingTimeInterval(seconds)
        while results.count < count && Date() < deadline {
            waitForWake(milliseconds: 50)
            results += takeResults()
        }
        return results
    }

    /// See ``PictureLoader/waitForWake(milliseconds:)``.
    func waitForWake(milliseconds: Int32) {
        var descriptor = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, milliseconds)
    }
}
