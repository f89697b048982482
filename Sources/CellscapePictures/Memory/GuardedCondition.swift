#if canImport(Glibc)
    import Glibc
#endif

/// A value behind one lock, with a condition to wait on under that same lock: the workers of a
/// loader wait for work and take it, and the main thread changes what there is to do, each taking the
/// lock once. pthread's mutex and condition variable (which ThreadSanitizer sees) are C handles: hence
/// `@unchecked`, the value being read and written only with the mutex held.
package final class GuardedCondition<Value: Sendable>: @unchecked Sendable {
    /// Who to wake after a change: no one, one waiter (one more job) or all (a change any may act on).
    package enum Wake: Sendable { case none, one, all }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        // Timed waits read the monotonic clock: a change of the wall's time moves no deadline.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Calls `body` with the value, the lock held, then wakes the waiters `wake` says.
    package func withLock<Result>(waking wake: Wake = .none, _ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let result = body(&value)
        switch wake {
        case .none: break
        case .one: pthread_cond_signal(condition)
        case .all: pthread_cond_broadcast(condition)
        }
        return result
    }

    /// Waits, the lock held between looks, until `next` gives something: it is asked at once and
    /// again after each wake-up, so no wake-up between a look and the wait is lost.
    package func wait<Result>(for next: (inout Value) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = next(&value) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Waits as ``wait(for:)`` does, but `seconds` of the monotonic clock at most: nil then.
    package func wait<Result>(seconds: Double, for next: (inout Value) -> Result?) -> Result? {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(max(0, seconds) * 1e9)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = next(&value) { return result }
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { return next(&value) }
        }
    }
}
