/// The loader's data stage: the reads of held pictures' bytes under way, the jobs that wait for them,
/// and the jobs whose bytes came. A held picture's bytes are asked of its source before a worker
/// decodes them, and the job waits here, not on a worker: jobs that want the same bytes share one
/// read, at most ``PictureLoader/readsAtOnce`` run, and a read nothing wants any more is cancelled.
/// Changed under the loader's lock (``LoaderCore/State``).
struct DataStage: Sendable {
    /// What a job waits for: a picture's rendition.
    struct Key: Hashable, Sendable {
        let id: Int
        let rendition: PictureBytes.Rendition
    }

    /// A job that waits for its bytes: it goes back to `worker` alone when given (an animation's
    /// frames are decoded by the worker that holds its decoder).
    struct WaitingJob: Sendable {
        let job: LoaderCore.Job
        let version: Int
        let worker: Int?
    }

    /// A read under way, the jobs that wait for it, and whether they are all grid tiles (so the read
    /// may be cancelled once none is wanted).
    struct Read: Sendable {
        var jobs: [WaitingJob]
        let cancellation: ReadCancellation
        var gridTile: (id: PictureID, side: Int)?
    }

    /// A job whose bytes came (or failed), ready for a worker.
    struct ReadyJob: Sendable {
        let waiting: WaitingJob
        let answer: PictureBytes.Answer
    }

    /// The reads under way, by what they read.
    var reads: [Key: Read] = [:]
    /// The jobs whose bytes came, oldest first.
    var ready: [ReadyJob] = []
    /// The workers that took a held picture's job and may start a read for it: counted with the
    /// reads under way, so no more than ``PictureLoader/readsAtOnce`` run.
    var reserved = Set<Int>()

    /// Whether as many reads run (or are about to) as may.
    var isFull: Bool { reads.count + reserved.count >= PictureLoader.readsAtOnce }

    /// Parks `waiting` until `key` came; the cancellation of a new read when none runs for it yet
    /// (the caller starts it), nil when it joined one.
    mutating func park(_ waiting: WaitingJob, for key: Key) -> ReadCancellation? {
        if var read = reads[key] {
            read.jobs.append(waiting)
            if waiting.job.gridTile == nil { read.gridTile = nil }
            reads[key] = read
            return nil
        }
        let cancellation = ReadCancellation()
        reads[key] = Read(jobs: [waiting], cancellation: cancellation, gridTile: waiting.job.gridTile)
        return cancellation
    }

    /// Takes `answer` for `key`: its jobs become ready, unless its read was cancelled; returns the jobs
    /// let go then.
    mutating func came(_ key: Key, _ answer: PictureBytes.Answer) -> [WaitingJob] {
        guard let read = reads.removeValue(forKey: key) else { return [] }
        guard !read.cancellation.isCancelled else { return read.jobs }
        ready += read.jobs.map { ReadyJob(waiting: $0, answer: answer) }
        return []
    }

    /// The next job whose bytes came that `worker` may take.
    mutating func takeReady(for worker: Int) -> ReadyJob? {
        guard let index = ready.firstIndex(where: { $0.waiting.worker == nil || $0.waiting.worker == worker })
        else { return nil }
        return ready.remove(at: index)
    }

    /// The cancellations of the reads under way that `isUnwanted` picks (cancelled by the caller
    /// outside the lock: a read's cancel may answer at once, and its answer takes the lock).
    func cancellations(where isUnwanted: (Key, Read) -> Bool) -> [ReadCancellation] {
        reads.filter { isUnwanted($0.key, $0.value) }.map(\.value.cancellation)
    }
}

extension LoaderCore.Job {
    /// The picture the job is for.
    var pictureID: PictureID? {
        switch self {
        case .header(let id), .thumbnail(let id, _, _), .frames(let id, _, _, _, _), .region(let id, _, _): id
        case .headers, .dropAnimations, .giveBackMemory: nil
        }
    }

    /// The tile of the grid the job is for, when it is a grid thumbnail.
    var gridTile: (id: PictureID, side: Int)? {
        if case .thumbnail(let id, let side, false) = self { (id, side) } else { nil }
    }

    /// The rendition of its picture's bytes the job reads; nil for frames of an animation already
    /// open and for letting decoders go.
    var rendition: PictureBytes.Rendition? {
        switch self {
        case .header, .region: .original
        case .thumbnail(_, let side, _): .fitting(side)
        case .frames(_, let side, _, _, let decoder): decoder == nil ? .moving(side) : nil
        case .headers, .dropAnimations, .giveBackMemory: nil
        }
    }
}
