import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads that run one job at a time, each with its worker index; the calling thread
/// is worker 0. The threads stay up between jobs and wait on a condition variable; handing over a job
/// costs two small allocations and, while the threads are still spinning from the last job, no system
/// call. The threads stop when the pool is released.
///
/// The process shares one pool per size (``shared(workers:)``): the force steps, the circles' raster
/// and the thumbnailer take turns on the same threads, so no pool's threads spin while another's
/// work. A job asked while another runs (another thread's, or one inside a job) runs whole on its
/// caller's thread.
package final class WorkerPool: Sendable {
    /// How many workers take part in each job, the calling thread included.
    package let workers: Int
    private let shared = SharedState()
    private let threads: [pthread_t]
    /// Whether a job runs.
    private let busy = Atomic<Bool>(false)

    private static let registry = PoolRegistry()

    /// The process's pool of `workers` workers, made when first asked for.
    package static func shared(workers: Int) -> WorkerPool { registry.pool(workers: max(1, workers)) }

    package init(workers: Int) {
        self.workers = max(1, workers)
        var threads: [pthread_t] = []
        for worker in 1..<self.workers {
            let start = Unmanaged.passRetained(WorkerStart(shared: shared, worker: worker)).toOpaque()
            var thread = pthread_t()
            if pthread_create(&thread, nil, runWorker, start) == 0 {
                threads.append(thread)
            } else {
                Unmanaged<WorkerStart>.fromOpaque(start).release()
            }
        }
        self.threads = threads
    }

    deinit {
        shared.stop()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Calls `body(worker)` once for every worker in `0..<workers`, concurrently; returns when all are done.
    /// A worker whose thread could not be started is run on the calling thread.
    package func run(_ body: @Sendable (Int) -> Void) {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            for worker in 0..<workers { body(worker) }
            return
        }
        defer { busy.store(false, ordering: .releasing) }
        withoutActuallyEscaping(body) { body in
            shared.start(body, helpers: threads.count)
            body(0)
            for worker in (threads.count + 1)..<max(workers, threads.count + 1) { body(worker) }
            shared.waitForHelpers()
        }
    }
}

/// The job and its bookkeeping, shared by the pool and its threads.
///
/// Handing over a job through a condition variable alone costs a thread wake-up, tens of microseconds,
/// several times per step: more than a whole step of 1,000 cells. So the threads spin (yielding the
/// processor each time round) for a short while on an atomic job counter before they sleep, and the
/// caller spins the same way on the count of helpers still running. Sleeping goes through the mutex:
/// a side about to sleep registers first and checks again, and the other side wakes it only when it
/// is registered, so no wake-up is lost (both sides use sequentially consistent atomics).
/// (Unchecked: its pthread mutex and conditions, and the job, written only while no helper runs.)
private final class SharedState: @unchecked Sendable {
    /// How many times a thread checks, yielding the processor in between, before it sleeps: a few hundred
    /// microseconds on an idle machine; each round gives the processor to any thread that wants it.
    private static let spins = 400

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Counts the jobs handed over (and the stop).
    private let generation = Atomic<Int>(0)
    /// Helpers still running the current job.
    private let running = Atomic<Int>(0)
    /// Helpers asleep, or about to sleep, on `wake`.
    private let sleepers = Atomic<Int>(0)
    /// Whether the caller sleeps, or is about to, on `finished`.
    private let callerSleeps = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    /// Written only while no helper runs, and read by helpers after they see the new generation.
    @exclusivity(unchecked) private var job: (@Sendable (Int) -> Void)?

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(finished, nil)
    }

    deinit {
        pthread_cond_destroy(finished)
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        finished.deallocate()
        wake.deallocate()
        mutex.deallocate()
    }

    func start(_ body: @escaping @Sendable (Int) -> Void, helpers: Int) {
        job = body
        running.store(helpers, ordering: .sequentiallyConsistent)
        generation.add(1, ordering: .sequentiallyConsistent)
        wakeSleepers()
    }

    func waitForHelpers() {
        for _ in 0..<Self.spins {
            if running.load(ordering: .sequentiallyConsistent) == 0 { break }
            sched_yield()
        }
        if running.load(ordering: .sequentiallyConsistent) > 0 {
            pthread_mutex_lock(mutex)
            callerSleeps.store(true, ordering: .sequentiallyConsistent)
            while running.load(ordering: .sequentiallyConsistent) > 0 { pthread_cond_wait(finished, mutex) }
            callerSleeps.store(false, ordering: .sequentiallyConsistent)
            pthread_mutex_unlock(mutex)
        }
        job = nil
    }

    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        generation.add(1, ordering: .sequentiallyConsistent)
        wakeSleepers()
    }

    private func wakeSleepers() {
        guard sleepers.load(ordering: .sequentiallyConsistent) > 0 else { return }
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
    }

    /// A helper thread's life: wait for a job, run its share, report, until stopped.
    func serve(worker: Int) {
        var seen = 0
        while true {
            seen = waitForJob(after: seen)
            if stopping.load(ordering: .sequentiallyConsistent) { return }
            job?(worker)
            if running.subtract(1, ordering: .sequentiallyConsistent).newValue == 0
                && callerSleeps.load(ordering: .sequentiallyConsistent)
            {
                pthread_mutex_lock(mutex)
                pthread_cond_signal(finished)
                pthread_mutex_unlock(mutex)
            }
        }
    }

    /// Spins, then sleeps, until the generation moves past `seen`; returns the new one.
    private func waitForJob(after seen: Int) -> Int {
        for _ in 0..<Self.spins {
            let current = generation.load(ordering: .sequentiallyConsistent)
            if current != seen { return current }
            sched_yield()
        }
        pthread_mutex_lock(mutex)
        sleepers.add(1, ordering: .sequentiallyConsistent)
        var current = generation.load(ordering: .sequentiallyConsistent)
        while current == seen {
            pthread_cond_wait(wake, mutex)
            current = generation.load(ordering: .sequentiallyConsistent)
        }
        sleepers.subtract(1, ordering: .sequentiallyConsistent)
        pthread_mutex_unlock(mutex)
        return current
    }
}

/// The process's pools by size, behind a pthread mutex (which ThreadSanitizer follows; it does not see
/// the futex under Synchronization's `Mutex`). (Unchecked: its pthread mutex, and the pools, read and
/// written only with it held.)
private final class PoolRegistry: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var pools: [Int: WorkerPool] = [:]

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func pool(workers: Int) -> WorkerPool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let pool = pools[workers] { return pool }
        let pool = WorkerPool(workers: workers)
        pools[workers] = pool
        return pool
    }
}

/// What a helper thread is started with.
private final class WorkerStart {
    let shared: SharedState
    let worker: Int

    init(shared: SharedState, worker: Int) {
        self.shared = shared
        self.worker = worker
    }
}

#if canImport(Glibc)
    private func runWorker(_ start: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let start = Unmanaged<WorkerStart>.fromOpaque(start!).takeRetainedValue()
        start.shared.serve(worker: start.worker)
        return nil
    }
#else
    private func runWorker(_ start: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let start = Unmanaged<WorkerStart>.fromOpaque(start).takeRetainedValue()
        start.shared.serve(worker: start.worker)
        return nil
    }
#endif
