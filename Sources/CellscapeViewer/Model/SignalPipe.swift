import CellscapePictures

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM turned into a readable file descriptor (the self-pipe trick), so the main loop's
/// `poll()` wakes on them and the viewer, or a long command, ends cleanly between two steps.
public final class SignalPipe: Sendable {
    /// The end the main loop polls.
    public let readEnd: Int32
    /// Which signal arrived last (SIGINT or SIGTERM), 0 before any.
    public var received: Int32 { Shared.received }

    private enum Shared {
        nonisolated(unsafe) static var writeEnd: Int32 = -1
        nonisolated(unsafe) static var received: Int32 = 0
    }

    /// Takes SIGINT and SIGTERM over for this process.
    public init() {
        let ends = WakePipe.make()
        readEnd = ends.read
        Shared.writeEnd = ends.write
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            SignalPipe.Shared.received = number
            var byte: UInt8 = 1
            _ = write(SignalPipe.Shared.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have started us with these blocked (test runners do): take them back.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        sigaddset(&wanted, SIGINT)
        sigaddset(&wanted, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    }

    /// Whether a signal has arrived since the last ask (reading drains the pipe).
    public var hasFired: Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return read(readEnd, &buffer, buffer.count) > 0
    }
}
