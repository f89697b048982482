import Dispatch
import Synchronization

/// Where a feed's tasks run (its pages, downloads, waits and the disk cache's reads): threads of
/// its own rather than the concurrency pool's, so an app's work that fills the pool (or a test
/// run's) never stalls the feed while the loader's workers wait for its downloads.
final class FeedExecutor: TaskExecutor {
    /// The one every feed shares.
    static let shared = FeedExecutor(threads: 4)

    /// Serial queues, each a thread of its own when it has work (libdispatch gives serial queues a
    /// thread even when the pool is full); jobs take them in turn.
    private let queues: [DispatchQueue]
    private let next = Atomic(0)

    init(threads: Int) {
        queues = (0..<max(1, threads)).map { DispatchQueue(label: "cellscape.feed.\($0)") }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let turn = next.wrappingAdd(1, ordering: .relaxed).oldValue
        queues[Int(turn.magnitude % UInt(queues.count))].async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}

extension Task where Failure == Never {
    /// Runs `work` on the feeds' threads (see ``FeedExecutor``).
    @discardableResult
    static func onFeedThreads(_ work: sending @escaping @isolated(any) () async -> Success) -> Task {
        Task(executorPreference: FeedExecutor.shared, operation: work)
    }
}
