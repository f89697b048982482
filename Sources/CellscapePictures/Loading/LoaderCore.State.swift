/// What the main thread and the workers share, changed only under the core's lock: the pictures, the
/// requests waiting, the animations and which worker decodes each, the outbox.
extension LoaderCore {
    /// Work asked for: a thumbnail, or (`frames` above 0) that many frames of an animation, or a region.
    struct Request: Sendable {
        let id: PictureID
        let side: Int
        let forWindow: Bool
        var frames = 0
        /// Where a video's frames start, in milliseconds (a seek), nil to go on from the last given.
        var start: Int? = nil
        var region: (part: PictureRegion, scale: Double)? = nil
    }
    typealias Queue = WorkQueue<Request>

    struct State: Sendable {
        /// Every picture that joined and was not forgotten, by id: ids never change, so work in hand
        /// stays right whatever becomes of the order the pictures show in.
        var paths = PictureTable<String>(empty: "")
        /// How many pictures joined: the next picture's id.
        var count = 0
        /// The pictures whose bytes a source holds instead of a file, by id (``PictureBytes``).
        var held: [Int: PictureBytes] = [:]
        /// The pictures that joined and whose work was not given up (``LoaderCore/forget(_:)``), by id.
        var known = PictureTable<Bool>(empty: false)
        /// How many times each picture's file was read again, by id: a header or thumbnail of a version
        /// since re-read is let go (a file rewritten in place, read while it was cut short).
        var versions = PictureTable<Int>(empty: 0)
        var wanted: @Sendable (PictureID, Int) -> Bool = { _, _ in true }
        /// The reads of held pictures' bytes, and the jobs that wait for them (``DataStage``).
        var data = DataStage()
        /// The pictures read when shown whose header was delivered with a thumbnail, by id.
        var headersGiven = Set<Int>()
        /// The headers to read, the next last.
        var headersPending: [Int]
        var headersRead = 0
        /// The requests waiting, by level of priority.
        var queue = Queue()
        /// The thumbnails asked for and not yet taken (waiting, decoding or in the outbox), by
        /// ``LoaderCore/key(_:_:)``: one is not asked twice.
        var requested = Set<Int64>()
        /// The handles of the thumbnails and animation frames waiting, by key, and of the regions.
        var waitingThumbnails: [Int64: Queue.Handle] = [:]
        var waitingFrames: [Int64: Queue.Handle] = [:]
        var waitingRegions: [PictureID: Queue.Handle] = [:]
        /// The worker decoding each animation now, by key: one at a time has its decoder, so its
        /// frames come in order.
        var animationWorkers: [Int64: Int] = [:]
        /// The decoders of animations between two of their jobs, by key: whichever worker is free
        /// decodes the next frames (a decoder tied to one worker left its clips late while the other
        /// worker idled).
        var parkedAnimations: [Int64: ParkedAnimation] = [:]
        /// Decoders of animations stopped or forgotten, for a worker to let go of.
        var animationsToDrop: [ParkedAnimation] = []
        var outbox: [Result] = []
        /// Whether the main loop was woken for the outbox and has not taken it since.
        var mainLoopWoken = false
        /// How many requests, stops and changes callers made: a draw that only draws adds none.
        var requestsMade = 0
        var stopping = false
        var paused: Bool
        var cacheProblemSaid = false
        /// Whether a worker is to give the heap's free pages back (``PictureMemory/giveBack()``).
        var givesBackMemory = false
        /// How many times a worker gave it back.
        var memoryGivenBack = 0
        /// Thumbnails the workers decoded and hold to store later, and how many were so held in all.
        var thumbnails = (unsaved: 0, savedLater: 0)

        init(paths: [String], paused: Bool) {
            for (id, path) in paths.enumerated() {
                self.paths[id] = path
                known[id] = true
            }
            count = paths.count
            headersPending = Array(paths.indices.reversed())
            self.paused = paused
        }
    }

    /// What a worker does next: a job, with the version of the picture's file it works on and, once
    /// they came, the held picture's bytes.
    enum Step: Sendable {
        case job(Job, version: Int = 0, data: PictureBytes.Answer? = nil)
        case wait
        case stop
    }

    enum Job: Sendable {
        case header(PictureID)
        /// The headers of a run of pictures read from files, each with its file's version: one lock
        /// and one delivery for many (a million headers from the index of headers).
        case headers([(id: PictureID, version: Int)])
        case thumbnail(PictureID, side: Int, forWindow: Bool)
        /// The next frames of an animation, with its decoder when it was opened before.
        case frames(PictureID, side: Int, count: Int, start: Int?, decoder: ParkedAnimation?)
        case region(PictureID, PictureRegion, scale: Double)
        /// Let go of these animations' decoders.
        case dropAnimations([ParkedAnimation])
        /// Give the heap's free pages back to the system.
        case giveBackMemory
    }
}

extension LoaderCore.State {
    /// The next step of `worker`: let go of stopped animations' decoders, then thumbnails on screen,
    /// then headers in order, then the other thumbnails by priority. (The worker asks whether a
    /// thumbnail is still wanted once it has left the lock: the main thread waits on it for no one.)
    mutating func nextStep(of worker: Int) -> LoaderCore.Step {
        if stopping { return .stop }
        if !animationsToDrop.isEmpty {
            defer { animationsToDrop.removeAll() }
            return .job(.dropAnimations(animationsToDrop))
        }
        if givesBackMemory {
            givesBackMemory = false
            return .job(.giveBackMemory)
        }
        // A reservation ends when its worker asks again, whatever it did with it.
        data.reserved.remove(worker)
        if paused { return .wait }
        // Bytes that came are decoded first: they were asked for a while ago, and they hold memory.
        if let ready = data.takeReady(for: worker) {
            return .job(ready.waiting.job, version: ready.waiting.version, data: ready.answer)
        }
        // The first headers go even before what is on screen: with them the layout knows the whole
        // first screen at once (a few milliseconds), and a large folder's scan still waits.
        let firstHeaders = headersRead < LoaderCore.firstHeaders && !headersPending.isEmpty
        if !firstHeaders {
            // What shows goes before the headers still to read, the rest after them; an animation
            // another worker decodes now waits for it.
            // Copied out: the queue is changed while the closure reads them.
            let (readsFull, held) = (data.isFull, self.held)
            let request = queue.dequeue(through: headersPending.isEmpty ? .behind : .onScreen) { request in
                if request.frames > 0, animationWorkers[LoaderCore.key(request.id, request.side)] != nil {
                    return false
                }
                // A held picture's bytes wait for a read to end when as many run as may.
                return !readsFull || !Self.isHeld(request.id, in: held)
            }
            if let request {
                forgetHandle(of: request)
                if isHeld(request.id) { data.reserved.insert(worker) }
                let key = LoaderCore.key(request.id, request.side)
                if let region = request.region { return .job(.region(request.id, region.part, scale: region.scale)) }
                if request.frames > 0 {
                    animationWorkers[key] = worker
                    let decoder = parkedAnimations.removeValue(forKey: key)
                    return .job(
                        .frames(
                            request.id, side: request.side, count: request.frames, start: request.start,
                            decoder: decoder))
                }
                return .job(
                    .thumbnail(request.id, side: request.side, forWindow: request.forWindow),
                    version: versions[request.id.rawValue])
            }
        }
        if let id = headersPending.last,
            !data.isFull || !isHeld(PictureID(id))
        {
            if isHeld(PictureID(id)) {
                headersPending.removeLast()
                data.reserved.insert(worker)
                headersRead += 1
                return .job(.header(PictureID(id)), version: versions[id])
            }
            return .job(.headers(takeFileHeaders()))
        }
        return .wait
    }

    /// The next run of headers to read from files (none held by a source), at most
    /// ``LoaderCore/headersAtOnce``, none past the first headers' count while those are read: the
    /// first screen's come alone, as soon as each is read.
    mutating func takeFileHeaders() -> [(id: PictureID, version: Int)] {
        let most = headersRead < LoaderCore.firstHeaders ? 1 : LoaderCore.headersAtOnce
        var run: [(id: PictureID, version: Int)] = []
        while run.count < most, let id = headersPending.last, !isHeld(PictureID(id)) {
            headersPending.removeLast()
            run.append((PictureID(id), versions[id]))
        }
        headersRead += run.count
        return run
    }

    /// Whether a source holds picture `id`'s bytes (read by the data stage).
    func isHeld(_ id: PictureID) -> Bool { Self.isHeld(id, in: held) }

    static func isHeld(_ id: PictureID, in held: [Int: PictureBytes]) -> Bool {
        !held.isEmpty && held[id.rawValue] != nil
    }

    /// Lets go of the handle of a request taken from the queue.
    mutating func forgetHandle(of request: LoaderCore.Request) {
        if request.region != nil {
            waitingRegions[request.id] = nil
        } else if request.frames > 0 {
            waitingFrames[LoaderCore.key(request.id, request.side)] = nil
        } else {
            waitingThumbnails[LoaderCore.key(request.id, request.side)] = nil
        }
    }

    /// Stops animation `key`: its waiting frames go, and its decoder: a worker lets it go, the one
    /// decoding it when done.
    mutating func stopAnimation(_ key: Int64) {
        if let waiting = waitingFrames.removeValue(forKey: key) { queue.cancel(waiting) }
        animationWorkers[key] = nil
        if let parked = parkedAnimations.removeValue(forKey: key) { animationsToDrop.append(parked) }
    }

    /// Parks the decoder of animation `key` that `worker` decoded frames with, for whichever worker
    /// takes its next frames; returns it instead when the animation was stopped meanwhile.
    mutating func park(_ decoder: ParkedAnimation?, key: Int64, worker: Int) -> ParkedAnimation? {
        guard animationWorkers[key] == worker else { return decoder }
        animationWorkers[key] = nil
        parkedAnimations[key] = decoder
        return nil
    }
}

/// An animation's decoder between two of its jobs, parked in the loader's state. It holds C decoders
/// (FFmpeg's, giflib's, libwebp's) that one thread at a time uses: the state's lock hands it from the
/// worker that parks it to the worker that takes its next frames.
final class ParkedAnimation: @unchecked Sendable {
    let frames: AnimationFrames

    init(_ frames: AnimationFrames) { self.frames = frames }
}
