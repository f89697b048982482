/// The data stage: a held picture's bytes are asked of its source before a worker decodes them, and
/// the job waits here, not on a worker, until they came. Jobs that want the same bytes share one read;
/// a read only grid tiles no longer wanted wait for is cancelled.
extension LoaderCore {
    /// What a job waits for: a picture's rendition.
    struct DataKey: Hashable, Sendable {
        let id: Int
        let rendition: PictureBytes.Rendition
    }

    /// A job that waits for its bytes: it goes back to `worker` alone when given (an animation's
    /// frames are decoded by the worker that holds its decoder).
    struct WaitingJob: Sendable {
        let job: Job
        let version: Int
        let worker: Int?
    }

    /// A read under way, the jobs that wait for it, and whether they are all grid tiles (so the read
    /// may be cancelled once none is wanted).
    struct DataRead: Sendable {
        var jobs: [WaitingJob]
        let cancellation: ReadCancellation
        var gridTile: (id: PictureID, side: Int)?
    }

    /// A job whose bytes came (or failed), ready for a worker.
    struct ReadyJob: Sendable {
        let waiting: WaitingJob
        let answer: PictureBytes.Answer
    }

    /// The bytes `job` needs from its picture's source, unless they are in a file (or not needed).
    func dataNeeded(by job: Job, animationOpen: (Int64) -> Bool) -> (PictureBytes, PictureBytes.Rendition)? {
        switch job {
        case .header(let id):
            return location(id).held.map { ($0, .original) }
        case .thumbnail(let id, let side, _):
            return location(id).held.map { ($0, .fitting(side)) }
        case .region(let id, _, _):
            return location(id).held.map { ($0, .original) }
        case .frames(let id, let side, _, _):
            guard !animationOpen(Self.key(id, side)) else { return nil }
            return location(id).held.map { ($0, .moving(side)) }
        case .dropAnimations:
            return nil
        }
    }

    /// Parks `job` until `rendition` of `held` came, asking for it unless another job did already.
    /// Called on a worker outside the lock: the source may answer at once.
    /// `worker`: the worker that took it, whose reservation of a read ends here; `only`: the worker
    /// that alone may take it back.
    func waitForData(
        _ job: Job, version: Int, worker: Int, only: Int?, held: PictureBytes, rendition: PictureBytes.Rendition
    ) {
        guard let id = job.pictureID else { return }
        let key = DataKey(id: id.rawValue, rendition: rendition)
        let waiting = WaitingJob(job: job, version: version, worker: only)
        let cancellation = locked { state -> ReadCancellation? in
            state.readsReserved.remove(worker)
            if var read = state.dataReads[key] {
                read.jobs.append(waiting)
                if job.gridTile == nil { read.gridTile = nil }
                state.dataReads[key] = read
                return nil
            }
            let cancellation = ReadCancellation()
            state.dataReads[key] = DataRead(jobs: [waiting], cancellation: cancellation, gridTile: job.gridTile)
            return cancellation
        }
        guard let cancellation else { return }
        held.contents(rendition, cancellation: cancellation) { [weak self] answer in
            self?.dataCame(key, answer)
        }
    }

    /// Hands the jobs that waited for `key` to the workers with `answer`; those of a cancelled read go,
    /// as if never asked (asked again when their tiles come back).
    private func dataCame(_ key: DataKey, _ answer: PictureBytes.Answer) {
        // All: a job may be for one worker alone.
        locked(wake: .all) { state in
            guard let read = state.dataReads.removeValue(forKey: key) else { return }
            guard !read.cancellation.isCancelled else {
                for waiting in read.jobs {
                    if let tile = waiting.job.gridTile { state.requested.remove(Self.key(tile.id, tile.side)) }
                }
                return
            }
            state.readyJobs += read.jobs.map { ReadyJob(waiting: $0, answer: answer) }
        }
    }

    /// Cancels the reads only grid tiles no longer wanted (``isWanted``) wait for: a download for a
    /// tile scrolled away stops rather than run on.
    func cancelUnwantedReads() {
        let (reads, wanted) = locked { (Array($0.dataReads.values), $0.wanted) }
        for read in reads {
            guard let tile = read.gridTile, !wanted(tile.id, tile.side) else { continue }
            read.cancellation.cancel()
        }
    }
}

extension LoaderCore.State {
    /// The cancellations of the reads under way that `isUnwanted` picks (cancelled by the caller
    /// outside the lock).
    func reads(
        where isUnwanted: (LoaderCore.DataKey, LoaderCore.DataRead) -> Bool
    ) -> [ReadCancellation] {
        dataReads.filter { isUnwanted($0.key, $0.value) }.map(\.value.cancellation)
    }

    /// The next job whose bytes came that `worker` may take.
    mutating func takeReadyJob(for worker: Int) -> LoaderCore.ReadyJob? {
        guard let index = readyJobs.firstIndex(where: { $0.waiting.worker == nil || $0.waiting.worker == worker })
        else { return nil }
        return readyJobs.remove(at: index)
    }
}

extension LoaderCore.Job {
    /// The picture the job is for.
    var pictureID: PictureID? {
        switch self {
        case .header(let id), .thumbnail(let id, _, _), .frames(let id, _, _, _), .region(let id, _, _): id
        case .dropAnimations: nil
        }
    }

    /// The tile of the grid the job is for, when it is a grid thumbnail.
    var gridTile: (id: PictureID, side: Int)? {
        if case .thumbnail(let id, let side, false) = self { (id, side) } else { nil }
    }
}
