import CellscapePictures
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM turned into a readable file descriptor (the self-pipe trick), so the main loop's
/// `poll()` wakes on them and the viewer, or a long command, ends cleanly between two steps.
///
/// The handler does only what a signal handler may: atomic loads and stores of values made before it
/// was installed, and one `write` to a non-blocking pipe, `errno` kept as it found it.
public final class SignalPipe: Sendable {
    /// The end the main loop polls.
    public let readEnd: Int32
    /// Which signal arrived last (SIGINT or SIGTERM), 0 before any.
    public var received: Int32 { Shared.received.load(ordering: .acquiring) }

    /// What the handler reads and writes. Touched before the handler is installed: a static's first use
    /// runs its initializer, which a handler must never be the one to do.
    private enum Shared {
        static let writeEnd = Atomic<Int32>(-1)
        static let received = Atomic<Int32>(0)
    }

    /// Takes SIGINT and SIGTERM over for this process.
    public init() {
        let ends = WakePipe.make()
        readEnd = ends.read
        _ = Shared.received.load(ordering: .relaxed)
        Shared.writeEnd.store(ends.write, ordering: .releasing)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            SignalPipe.Shared.received.store(number, ordering: .releasing)
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(SignalPipe.Shared.writeEnd.load(ordering: .acquiring), &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
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
