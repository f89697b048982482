/// The workers' side of the data stage (``DataStage``): a held picture's job starts its read and
/// waits in the stage; the read's answer hands it back to the workers.
extension LoaderCore {
    /// The bytes `job` needs from its picture's source, unless they are in a file (or not needed).
    func dataNeeded(by job: Job) -> (PictureBytes, PictureBytes.Rendition)? {
        guard let id = job.pictureID, let rendition = job.rendition,
            let held = location(id).held
        else { return nil }
        return (held, rendition)
    }

    /// Parks `job` until `rendition` of `held` came, asking for it unless another job did already.
    /// Called on a worker outside the lock: the source may answer at once. `worker`: the worker that
    /// took it, whose reservation of a read ends here; `only`: the worker that alone may take it back.
    func waitForData(
        _ job: Job, version: Int, worker: Int, only: Int?, held: PictureBytes, rendition: PictureBytes.Rendition
    ) {
        guard let id = job.pictureID else { return }
        let key = DataStage.Key(id: id.rawValue, rendition: rendition)
        let cancellation = locked { state -> ReadCancellation? in
            state.data.reserved.remove(worker)
            return state.data.park(DataStage.WaitingJob(job: job, version: version, worker: only), for: key)
        }
        guard let cancellation else { return }
        held.contents(rendition, cancellation: cancellation) { [weak self] answer in
            self?.dataCame(key, answer)
        }
    }

    /// Hands the jobs that waited for `key` to the workers with `answer`; those of a cancelled read go,
    /// as if never asked (asked again when their tiles come back).
    private func dataCame(_ key: DataStage.Key, _ answer: PictureBytes.Answer) {
        // All: a job may be for one worker alone.
        locked(wake: .all) { state in
            for waiting in state.data.came(key, answer) {
                if let tile = waiting.job.gridTile { state.requested.remove(Self.key(tile.id, tile.side)) }
            }
        }
    }

    /// Cancels the reads only grid tiles no longer wanted (``isWanted``) wait for: a download for a
    /// tile scrolled away stops rather than run on.
    func cancelUnwantedReads() {
        let (reads, wanted) = locked { (Array($0.data.reads.values), $0.wanted) }
        for read in reads {
            guard let tile = read.gridTile, !wanted(tile.id, tile.side) else { continue }
            read.cancellation.cancel()
        }
    }
}
