import CellscapeLayout

/// A wait of the caller's (a snapshot, a replay, a bench) for the workers or a source, bounded by the
/// monotonic clock whatever clock the model reads: a test that moves the feed's clock by hand still
/// sees its wait end.
enum CallerWait {
    /// Calls `step` (which waits a little for the workers) until `done` says so or `timeout` seconds
    /// passed; returns whether `done` said so.
    @discardableResult
    static func until(timeout: Double, _ done: () -> Bool, step: () -> Void) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        while !done() {
            guard monotonicNanoseconds() < deadline else { return false }
            step()
        }
        return true
    }
}
