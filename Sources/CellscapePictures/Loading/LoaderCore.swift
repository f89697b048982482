import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation

/// The workers' side of a ``PictureLoader``: the queue of requests, the jobs and what they share.
/// Its threads hold it, not the loader, so a loader goes away as soon as its owner lets it go; its
/// workers then stop after the job in hand, and this goes with the last of them.
/// (Unchecked: every var is read and written under `condition`; results carry framebuffers a worker
/// finished and no longer touches.)
final class LoaderCore: @unchecked Sendable {
    typealias Result = PictureLoader.Result

    /// Every picture that joined, by id: ids never change, so work in hand stays right whatever
    /// becomes of the order the pictures show in. Read under the lock (a listing appends).
    var paths: [String]
    /// The pictures whose work was given up (``forget(_:)``), by id.
    var forgotten: [Bool]
    static let onScreen = PictureLoader.onScreen
    /// The end of the pipe the main loop polls; readable while results wait.
    let wakeDescriptor: Int32
    /// Whether a thumbnail still wanted, asked on a worker just before it starts (the main thread
    /// sets it; it must be safe to call from any thread).
    var isWanted: @Sendable (_ id: PictureID, _ side: Int) -> Bool {
        get { condition.withLock { wanted } }
        set { condition.withLock { wanted = newValue } }
    }

    /// Lends the memory of images at the window's size (an open picture and its neighbours).
    let windowImages: PixelPool
    /// Maps each thumbnail (and animation frame) on its own, so the memory of those let go leaves at
    /// once: in the heap, pictures of many sizes coming and going would fragment it, and it would only grow.
    let thumbnails = PixelPool(keptBlocks: 0)
    let diskCache: ThumbnailCache?
    let wakeWriteEnd: Int32
    let condition = NSCondition()
    private var wanted: @Sendable (PictureID, Int) -> Bool = { _, _ in true }
    var headersPending: [Int] = []
    private var headersRead = 0
    static let firstHeaders = PictureLoader.firstHeaders
    /// Work asked for: a thumbnail, or (`frames` above 0) that many frames of an animation, or a region.
    struct Request {
        let id: PictureID
        let side: Int
        let forWindow: Bool
        var frames = 0
        var region: (part: PictureRegion, scale: Double)? = nil
    }
    typealias Queue = WorkQueue<Request>
    /// The requests waiting, by level of priority.
    var queue = Queue()
    /// The thumbnails asked for and not yet taken (waiting, decoding or in the outbox), by ``key(_:_:)``:
    /// one is not asked twice.
    var requested = Set<Int64>()
    /// The handles of the thumbnails and animation frames waiting, by ``key(_:_:)``, and of the regions.
    var waitingThumbnails: [Int64: Queue.Handle] = [:]
    var waitingFrames: [Int64: Queue.Handle] = [:]
    var waitingRegions: [PictureID: Queue.Handle] = [:]
    /// The animations being decoded, by ``key(_:_:)``, and those a worker holds now.
    var animations: [Int64: AnimationFrames] = [:]
    var animationsBusy = Set<Int64>()
    var outbox: [Result] = []
    /// How many requests, stops and changes callers made: a draw that only draws adds none.
    var requestsMade = 0
    private var stopping = false
    private var paused = false
    private var cacheProblemSaid = false

    /// The core of a loader of `paths` on `threads` workers (see ``PictureLoader/init(paths:threads:diskCache:)``).
    init(paths: [String], threads: Int = 2, diskCache: ThumbnailCache? = nil, paused: Bool = false) {
        PictureMemory.apply()
        self.paused = paused
        self.paths = paths
        forgotten = Array(repeating: false, count: paths.count)
        self.diskCache = diskCache
        (wakeDescriptor, wakeWriteEnd) = WakePipe.make()
        headersPending = Array(paths.indices.reversed())
        // Three images shown or prefetched, and two from each worker: one it makes, one it finished.
        windowImages = PixelPool(keptBlocks: 3 + 2 * max(1, threads))
        for _ in 0..<max(1, threads) {
            let thread = Thread { self.work() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// How many pictures there are so far.
    var count: Int { condition.withLock { paths.count } }

    /// Appends what a listing found, but the first `appended` pictures (given in batches before), and
    /// says it ended.
    func finishListing(_ found: PictureFiles, appended: Int) {
        append(paths: Array(found.paths.dropFirst(appended)))
        condition.withLock { outbox.append(.listed(found)) }
        var byte: UInt8 = 1
        _ = write(wakeWriteEnd, &byte, 1)
    }

    /// The path of picture `id`.
    func path(_ id: PictureID) -> String { condition.withLock { paths[id.rawValue] } }

    /// See ``PictureLoader/reread(_:)``.
    func reread(_ id: PictureID) {
        condition.withLock {
            requestsMade += 1
            guard !forgotten[id.rawValue] else { return }
            // Read next: what changed on disk shows soon.
            headersPending.append(id.rawValue)
            requested = requested.filter { $0 >> 20 != Int64(id.rawValue) }
            condition.broadcast()
        }
    }

    /// Lets the workers stop after the job in hand.
    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    deinit {
        // Every worker has ended: each held this.
        close(wakeDescriptor)
        close(wakeWriteEnd)
    }

    /// See ``PictureLoader/requestThumbnail(_:side:priority:forWindow:)``.
    func requestThumbnail(_ id: PictureID, side: Int, priority: Int, forWindow: Bool = false) {
        condition.withLock {
            requestsMade += 1
            guard !forgotten[id.rawValue] else { return }
            let key = Self.key(id, side)
            if requested.insert(key).inserted {
                waitingThumbnails[key] = queue.enqueue(
                    Request(id: id, side: side, forWindow: forWindow), at: Self.level(priority))
            } else if let waiting = waitingThumbnails[key] {
                queue.raise(waiting, to: Self.level(priority))
            }
            condition.signal()
        }
    }

    /// See ``PictureLoader/setPaused(_:)``.
    func setPaused(_ paused: Bool) {
        condition.withLock {
            self.paused = paused
            condition.broadcast()
        }
    }

    /// See ``PictureLoader/takeResults()``.
    func takeResults() -> [Result] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
        return condition.withLock {
            defer { outbox.removeAll() }
            for case .thumbnail(let id, let side, _, _) in outbox {
                requested.remove(Self.key(id, side))
            }
            return outbox.filter { result in result.id.map { !forgotten[$0.rawValue] } ?? true }
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

    private func work() {
        // Below the main thread's priority: a frame never waits behind a decoder for a core.
        cellscape_lower_thread_priority(10)
        while let job = nextJob() {
            let result: Result
            switch job {
            case .header(let id): result = header(id)
            case .thumbnail(let id, let side, let forWindow):
                result = thumbnail(id, side: side, pool: forWindow ? windowImages : thumbnails, forWindow: forWindow)
            case .frames(let id, let side, let count):
                result = frames(id, side: side, count: count)
            case .region(let id, let part, let scale):
                result = region(id, part, scale: scale)
            }
            condition.withLock { outbox.append(result) }
            var byte: UInt8 = 1
            _ = write(wakeWriteEnd, &byte, 1)
        }
    }

    private enum Job {
        case header(PictureID)
        case thumbnail(PictureID, side: Int, forWindow: Bool)
        case frames(PictureID, side: Int, count: Int)
        case region(PictureID, PictureRegion, scale: Double)
    }

    /// The key of picture `id` at `side` among requests and animations.
    static func key(_ id: PictureID, _ side: Int) -> Int64 { Int64(id.rawValue) << 20 | Int64(side) }

    /// The next job: thumbnails on screen, then headers in order, then the other thumbnails by
    /// priority; nil to stop.
    private func nextJob() -> Job? {
        condition.withLock {
            while true {
                if stopping { return nil }
                if paused {
                    condition.wait()
                    continue
                }
                // The first headers go even before what is on screen: with them the layout knows the
                // whole first screen at once (a few milliseconds), and a large folder's scan still waits.
                let firstHeaders = headersRead < Self.firstHeaders && !headersPending.isEmpty
                // What shows goes before the headers still to read, the rest after them; an animation one
                // worker decodes waits for it, its frames coming in order.
                let next =
                    firstHeaders
                    ? nil
                    : queue.dequeue(through: headersPending.isEmpty ? .behind : .onScreen) {
                        $0.frames == 0 || !animationsBusy.contains(Self.key($0.id, $0.side))
                    }
                if let request = next {
                    forgetHandle(of: request)
                    if let region = request.region {
                        return .region(request.id, region.part, scale: region.scale)
                    }
                    if request.frames > 0 {
                        animationsBusy.insert(Self.key(request.id, request.side))
                        return .frames(request.id, side: request.side, count: request.frames)
                    }
                    if wanted(request.id, request.side) {
                        return .thumbnail(request.id, side: request.side, forWindow: request.forWindow)
                    }
                    requested.remove(Self.key(request.id, request.side))
                    continue
                }
                if let id = headersPending.popLast() {
                    headersRead += 1
                    return .header(PictureID(id))
                }
                condition.wait()
            }
        }
    }

    func reportCacheProblemOnce(_ problem: String) {
        condition.withLock {
            guard !cacheProblemSaid else { return }
            cacheProblemSaid = true
            outbox.append(.cacheProblem(problem))
        }
    }

    private func header(_ id: PictureID) -> Result {
        let path = path(id)
        do {
            let file = try PictureFile(path: path)
            let header = PictureHeader(file: file)
            return .header(
                id: id, header, problem: header == nil ? "\(path): \(PictureHeader.problem(reading: file))" : nil)
        } catch {
            return .header(id: id, nil, problem: error.description)
        }
    }
}
