/// Tells a source's read that its picture is no longer wanted (a remote tile scrolled out of view),
/// so a download can stop rather than run on for a tile no one sees. The loader cancels it; the read
/// asks ``isCancelled``, or hears of it through ``onCancel(_:)`` while it waits.
public final class ReadCancellation: Sendable {
    private struct State: Sendable {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state: Guarded<State>?

    /// A read the loader may cancel.
    public init() { state = Guarded(State()) }

    private init(never: Void) { state = nil }

    /// A read never cancelled: it keeps no handler.
    public static let never = ReadCancellation(never: ())

    /// Whether the read was cancelled.
    public var isCancelled: Bool { state?.withLock { $0.cancelled } ?? false }

    /// Calls `handler` once the read is cancelled: at once if it is already.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        guard let state else { return }
        let now = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Cancels the read, calling its handlers once (outside the lock: one may take locks of its own).
    public func cancel() {
        let handlers = state?.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers ?? [] { handler() }
    }
}
