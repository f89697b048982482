import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation

/// The workers' side of a ``PictureLoader``: the shared ``State`` (the requests, the pictures, the
/// outbox) and the threads that serve it. Its threads hold it, not the loader, so a loader goes away as
/// soon as its owner lets it go; its workers then stop after the job in hand, and this goes with the
/// last of them. What crosses threads is `Sendable`: requests, results with their ``PixelImage``s; an
/// animation's decoder stays on the one worker that decodes it.
final class LoaderCore: Sendable {
    typealias Result = PictureLoader.Result
    static let onScreen = PictureLoader.onScreen
    static let firstHeaders = PictureLoader.firstHeaders
    /// How many headers a worker reads in one job past the first (one lock and one delivery for all).
    static let headersAtOnce = 64

    /// The end of the pipe the main loop polls; readable while results wait.
    let wakeDescriptor: Int32
    let wakeWriteEnd: Int32
    /// Lends the memory of images at the window's size (an open picture and its neighbours).
    let windowImages: PixelPool
    /// Maps each thumbnail (and animation frame) on its own, so the memory of those let go leaves at
    /// once: in the heap, pictures of many sizes coming and going would fragment it, and it would only grow.
    let thumbnails = PixelPool(keptBlocks: 0)
    let diskCache: ThumbnailCache?
    /// Reads headers, through the index of headers learnt in earlier runs if kept.
    let headerReader: HeaderReader
    /// The shared state, behind the one lock the workers also sleep on while there is nothing to do:
    /// it changes under that lock, so no wake-up is lost.
    private let state: GuardedCondition<State>
    /// Called when the core goes, its workers ended: what a test of a loader let go waits on.
    let whenGone = Guarded<(@Sendable () -> Void)?>(nil)

    /// Who to wake after a change: no one, one worker (one more job) or all (a change any may act on).
    typealias Wake = GuardedCondition<State>.Wake

    /// The core of a loader of `paths` on `threads` workers (see ``PictureLoader/init(paths:threads:diskCache:)``).
    init(
        paths: [String], threads: Int = 2, diskCache: ThumbnailCache? = nil, headerIndex: HeaderIndex? = nil,
        paused: Bool = false
    ) {
        PictureMemory.apply()
        headerReader = HeaderReader(index: headerIndex)
        let workers = max(1, threads)
        state = GuardedCondition(State(paths: paths, paused: paused))
        self.diskCache = diskCache
        (wakeDescriptor, wakeWriteEnd) = WakePipe.make()
        // Three images shown or prefetched, and two from each worker: one it makes, one it finished.
        windowImages = PixelPool(keptBlocks: 3 + 2 * workers)
        for worker in 0..<workers {
            let thread = Thread {
                var worker = LoaderWorker(core: self, index: worker)
                worker.run()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    deinit {
        // Every worker has ended: each held this.
        close(wakeDescriptor)
        close(wakeWriteEnd)
        whenGone.withLock { $0 }?()
    }

    /// Calls `body` with the shared state under the lock, then wakes the workers `wake` says.
    @discardableResult
    func locked<Value: Sendable>(wake: Wake = .none, _ body: (inout State) -> Value) -> Value {
        state.withLock(waking: wake, body)
    }

    /// How many pictures there are so far.
    var count: Int { locked { $0.count } }

    /// The path of picture `id`.
    func path(_ id: PictureID) -> String { locked { $0.paths[id.rawValue] } }

    func paths(_ ids: Range<Int>) -> [String] {
        locked { state in ids.map { state.paths[$0] } }
    }

    /// Whether a thumbnail is still wanted, asked on a worker just before it starts.
    var isWanted: @Sendable (_ id: PictureID, _ side: Int) -> Bool {
        get { locked { $0.wanted } }
        set { locked { $0.wanted = newValue } }
    }

    /// See ``PictureLoader/giveBackFreeMemory()``.
    func giveBackFreeMemory() { locked(wake: .one) { $0.givesBackMemory = true } }

    /// See ``PictureLoader/memoryGivenBack``.
    var memoryGivenBack: Int { locked { $0.memoryGivenBack } }

    /// Lets the workers stop after the job in hand.
    func stop() { locked(wake: .all) { $0.stopping = true } }

    /// See ``PictureLoader/setPaused(_:)``.
    func setPaused(_ paused: Bool) { locked(wake: .all) { $0.paused = paused } }

    /// Puts `result` in the outbox and wakes the main loop, unless it is a header or thumbnail of a
    /// `version` of the file since read again: a fresh one comes (a thumbnail once asked again).
    func deliver(_ result: Result, version: Int? = nil) {
        let wakes = locked { state in
            if let version, let id = result.id, state.versions[id.rawValue] != version {
                if case .thumbnail(let id, let side, _, _) = result { state.requested.remove(Self.key(id, side)) }
                return false
            }
            state.outbox.append(result)
            // One wake until the main loop takes the outbox: a byte a result was a system call and a
            // switch of threads each (a million headers from the index of headers).
            defer { state.mainLoopWoken = true }
            return !state.mainLoopWoken
        }
        if wakes { wakeMainLoop() }
    }

    /// Puts `results` in the outbox at once, each unless its file was read again since its `version`.
    func deliver(_ results: [(Result, version: Int)]) {
        let wakes = locked { state in
            for (result, version) in results {
                guard let id = result.id, state.versions[id.rawValue] == version else { continue }
                state.outbox.append(result)
            }
            defer { state.mainLoopWoken = true }
            return !state.mainLoopWoken
        }
        if wakes { wakeMainLoop() }
    }

    func wakeMainLoop() {
        var byte: UInt8 = 1
        _ = write(wakeWriteEnd, &byte, 1)
    }

    func reportCacheProblemOnce(_ problem: String) {
        locked { state in
            guard !state.cacheProblemSaid else { return }
            state.cacheProblemSaid = true
            state.outbox.append(.cacheProblem(problem))
        }
    }

    /// See ``PictureLoader/thumbnailsUnsaved``.
    var thumbnailStores: (unsaved: Int, savedLater: Int) { locked { $0.thumbnails } }

    /// The next step of `worker`: a job, or stop; nil when there is none now and `waiting` is false,
    /// else it waits for one.
    func nextJob(of worker: Int, waiting: Bool = true) -> (Job, version: Int, data: PictureBytes.Answer?)?? {
        guard waiting else {
            switch locked({ state -> Step in state.nextStep(of: worker) }) {
            case .job(let job, let version, let data): return .some((job, version, data))
            case .stop: return .some(nil)
            case .wait: return nil
            }
        }
        return state.wait { state -> (Job, version: Int, data: PictureBytes.Answer?)?? in
            switch state.nextStep(of: worker) {
            case .job(let job, let version, let data): (job, version, data)
            case .stop: .some(nil)
            case .wait: nil
            }
        }
    }
}
