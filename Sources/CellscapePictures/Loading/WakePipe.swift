#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose read end a `poll()` watches and whose write end wakes it: non-blocking both ways (a
/// full pipe already wakes the loop) and closed in child processes.
public enum WakePipe {
    /// A new pipe's ends, or -1 for both when none could be made.
    public static func make() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}
