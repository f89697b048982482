import CPictureCodecs
import Synchronization

/// A value behind Synchronization's `Mutex`, which the compiler checks, with each hand-over told to
/// ThreadSanitizer, which does not see the futex under the `Mutex` and would report races where there
/// are none.
package final class Guarded<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// Guards `value`.
    package init(_ value: Value) { mutex = Mutex(value) }

    /// Calls `body` with the value, the lock held.
    package func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return mutex.withLock { value in
            cellscape_lock_taken(address)
            defer { cellscape_lock_given_back(address) }
            return body(&value)
        }
    }
}
