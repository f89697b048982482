import CellscapeViewer

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM turned into a readable file descriptor (the self-pipe trick), so the main loop's
/// `poll()` wakes on them and the viewer ends cleanly.
final class SignalPipe {
    /// The end the main loop polls.
    let readEnd: Int32

    private enum Shared {
        nonisolated(unsafe) static var writeEnd: Int32 = -1
    }

    init() {
        let ends = WakePipe.make()
        readEnd = ends.read
        Shared.writeEnd = ends.write
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
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

    /// Whether a signal has arrived (reading drains the pipe).
    var hasFired: Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return read(readEnd, &buffer, buffer.count) > 0
    }
}
