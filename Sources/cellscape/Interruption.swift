import CellscapeViewer
import Foundation

/// Ends a long command within a moment of SIGINT or SIGTERM: a thread waits on the signal pipe, removes
/// the files the command has not finished, and exits with 128 and the signal's number, as a shell does.
enum Interruption {
    /// Starts the watch; `unfinished` names what to remove when a signal comes.
    static func install(unfinished: @escaping @Sendable () -> [String]) {
        let signals = SignalPipe()
        let thread = Thread {
            var descriptor = pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, -1) <= 0 || !signals.hasFired {}
            for path in unfinished() { try? FileManager.default.removeItem(atPath: path) }
            FileHandle.standardError.write(Data("cellscape: stopped by a signal\n".utf8))
            _exit(128 + signals.received)
        }
        thread.start()
    }
}
