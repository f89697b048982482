import CellscapeLayout

/// Writes a session as it happens: the header now, then, subscribed to the driver's bus after the
/// model, a line per input with the digest of the state it left, and the end line on ``finish()``.
public final class SessionRecorder {
    private let driver: ViewerDriver
    private let write: (String) -> Void
    private var subscription: EventSubscription?

    /// Starts recording what `driver` is sent; each line goes to `write`.
    public init(header: SessionHeader, driver: ViewerDriver, write: @escaping (String) -> Void) {
        self.driver = driver
        self.write = write
        write(RecordedSession.line(header))
        subscription = driver.bus.subscribe { [unowned self] (input: InputReceived) in
            let recorded = RecordedSession.Input(
                frame: input.frame, command: input.command, digest: self.driver.model.stateDigest)
            self.write(RecordedSession.line(recorded))
        }
    }

    /// Ends the session with the frames drawn and the digest of the final state.
    public func finish() {
        subscription = nil
        write(RecordedSession.line(RecordedSession.End(end: driver.frame, digest: driver.model.stateDigest)))
    }
}
