#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads that run one job at a time, each with its worker index; the calling thread
/// is worker 0. The threads stay up between jobs and wait on a condition variable; handing over a job
/// costs about two small allocations (libdispatch's concurrentPerform cost about five). The threads stop
/// when the pool is released.
final class WorkerPool {
    /// How many workers take part in each job, the calling thread included.
    let workers: Int
    private let shared = SharedState()
    private var threads: [pthread_t] = []

    init(workers: Int) {
        self.workers = max(1, workers)
        for worker in 1..<self.workers {
            let start = Unmanaged.passRetained(WorkerStart(shared: shared, worker: worker)).toOpaque()
            var thread = pthread_t()
            if pthread_create(&thread, nil, runWorker, start) == 0 {
                threads.append(thread)
            } else {
                Unmanaged<WorkerStart>.fromOpaque(start).release()
            }
        }
    }

    deinit {
        shared.stop()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Calls `body(worker)` once for every worker in `0..<workers`, concurrently; returns when all are done.
    /// A worker whose thread could not be started is run on the calling thread.
    func run(_ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            shared.start(body, helpers: threads.count)
            body(0)
            for worker in (threads.count + 1)..<max(workers, threads.count + 1) { body(worker) }
            shared.waitForHelpers()
        }
    }
}

/// The job and its bookkeeping, shared by the pool and its threads under one mutex.
private final class SharedState: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var generation = 0
    private var running = 0
    private var stopping = false
    private var job: ((Int) -> Void)?

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

    func start(_ body: @escaping (Int) -> Void, helpers: Int) {
        pthread_mutex_lock(mutex)
        job = body
        running = helpers
        generation &+= 1
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
    }

    func waitForHelpers() {
        pthread_mutex_lock(mutex)
        while running > 0 { pthread_cond_wait(finished, mutex) }
        job = nil
        pthread_mutex_unlock(mutex)
    }

    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
    }

    /// A helper thread's life: wait for a job, run its share, report, until stopped.
    func serve(worker: Int) {
        var seen = 0
        pthread_mutex_lock(mutex)
        while true {
            while generation == seen && !stopping { pthread_cond_wait(wake, mutex) }
            if stopping { break }
            seen = generation
            let body = job
            pthread_mutex_unlock(mutex)
            body?(worker)
            pthread_mutex_lock(mutex)
            running -= 1
            if running == 0 { pthread_cond_signal(finished) }
        }
        pthread_mutex_unlock(mutex)
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
