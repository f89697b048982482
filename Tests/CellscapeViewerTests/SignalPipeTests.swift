import CellscapeViewer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A signal wakes the pipe and names itself; the handler leaves `errno` as it found it.
@Suite(.serialized) struct SignalPipeTests {
    @Test func aSignalIsReadOnceAndNamed() {
        // The test process's own handling comes back afterwards (Ctrl-C still ends a test run).
        var before = (sigaction(), sigaction())
        sigaction(SIGINT, nil, &before.0)
        sigaction(SIGTERM, nil, &before.1)
        defer {
            sigaction(SIGINT, &before.0, nil)
            sigaction(SIGTERM, &before.1, nil)
        }
        let signals = SignalPipe()
        #expect(!signals.hasFired)
        errno = EAGAIN
        #expect(raise(SIGINT) == 0)
        #expect(errno == EAGAIN, "the handler keeps errno")
        #expect(signals.received == SIGINT)
        #expect(signals.hasFired)
        #expect(!signals.hasFired, "read once")
        #expect(raise(SIGTERM) == 0)
        #expect(signals.received == SIGTERM && signals.hasFired)
    }
}
