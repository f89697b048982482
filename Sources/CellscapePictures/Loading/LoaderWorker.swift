import CPictureCodecs
import Foundation

/// One of a loader's threads: the next job from its ``LoaderCore``, done outside the lock, its result in
/// the outbox, until stopped. A held picture's job first waits for its bytes in the data stage, off the
/// worker. What it holds is its own, on its thread alone: the tiles' thumbnails it made and has not
/// stored in the shared cache yet. An animation's decoder it parks in the core between jobs.
struct LoaderWorker {
    let core: LoaderCore
    let index: Int
    private var unsaved: [ThumbnailCache.Unsaved] = []

    /// Thumbnails decoded and not yet stored that a worker holds at most (each some 175 KB).
    static let unsavedAtMost = 32

    init(core: LoaderCore, index: Int) {
        self.core = core
        self.index = index
    }

    /// Works until the loader stops; what it has not stored is stored then.
    mutating func run() {
        // Below the main thread's priority: a frame never waits behind a decoder for a core.
        cellscape_lower_thread_priority(10)
        while let (job, version, bytes) = nextJob() {
            if case .thumbnail(let id, let side, _) = job, !core.isWanted(id, side) {
                core.locked { _ = $0.requested.remove(LoaderCore.key(id, side)) }
                continue
            }
            if bytes == nil, let (held, rendition) = core.dataNeeded(by: job) {
                let only: Int? = if case .frames = job { index } else { nil }
                core.waitForData(job, version: version, worker: index, only: only, held: held, rendition: rendition)
                continue
            }
            // No read: a reservation of one goes (an open animation's frames, bytes that came).
            core.locked { _ = $0.data.reserved.remove(index) }
            work(job, version: version, bytes: bytes)
        }
        save()
    }

    private mutating func work(_ job: LoaderCore.Job, version: Int, bytes: PictureBytes.Answer?) {
        switch job {
        case .header(let id):
            let result = bytes.map { core.headerReader.header(of: id, bytes: $0) }
            core.deliver(result ?? core.headerReader.headers(of: [id], paths: [core.path(id)])[0], version: version)
        case .headers(let run):
            let paths = core.locked { state in run.map { state.paths[$0.id.rawValue] } }
            let headers = core.headerReader.headers(of: run.map(\.id), paths: paths)
            core.deliver(Array(zip(headers, run.map(\.version))))
        case .thumbnail(let id, let side, let forWindow):
            let pool = forWindow ? core.windowImages : core.thumbnails
            let held = unsaved.count
            let made = core.thumbnail(id, side: side, pool: pool, forWindow: forWindow, bytes: bytes, unsaved: &unsaved)
            // Stopped as its tile left: as if never asked (asked again when the tile comes back).
            if case .thumbnail(_, _, nil, .stopped?) = made {
                core.locked { _ = $0.requested.remove(LoaderCore.key(id, side)) }
                return
            }
            // Stored before the last result goes: whoever has every result has the cache filled.
            let (added, full) = (unsaved.count - held, unsaved.count >= Self.unsavedAtMost)
            let saving = core.locked { state in
                state.thumbnails.unsaved += added
                let saving = full || state.queue.count == 0
                if !saving { state.thumbnails.savedLater += added }
                return saving
            }
            if saving { save() }
            core.deliver(made, version: version)
        case .frames(let id, let side, let count, let start, let decoder):
            let (result, used) = core.frames(id, side: side, count: count, start: start, decoder: decoder, bytes: bytes)
            // Delivered before it is parked: the next frames, on any worker, come after these.
            core.deliver(result)
            let stopped = core.locked { $0.park(used, key: LoaderCore.key(id, side), worker: index) }
            withExtendedLifetime(stopped) {}  // let go of here, off the lock
        case .region(let id, let part, let scale): core.deliver(core.region(id, part, scale: scale, bytes: bytes))
        case .dropAnimations(let decoders): withExtendedLifetime(decoders) {}
        case .giveBackMemory:
            PictureMemory.giveBack()
            core.locked { $0.memoryGivenBack += 1 }
        }
    }

    /// The next job, waiting for one; the thumbnails held unsaved are stored first when there is none.
    private mutating func nextJob() -> (LoaderCore.Job, version: Int, data: PictureBytes.Answer?)? {
        if !unsaved.isEmpty {
            if let step = core.nextJob(of: index, waiting: false) { return step }
            save()
        }
        return core.nextJob(of: index) ?? nil
    }

    /// Stores the thumbnails held unsaved in the shared cache; a problem is said once.
    private mutating func save() {
        guard !unsaved.isEmpty else { return }
        for thumbnail in unsaved {
            if let problem = core.diskCache?.save(thumbnail) {
                core.reportCacheProblemOnce("\(problem); thumbnails are not saved")
            }
        }
        let saved = unsaved.count
        unsaved.removeAll()
        core.locked { $0.thumbnails.unsaved -= saved }
    }
}
