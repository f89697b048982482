import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the user's key-handler as nsxiv does: `$XDG_CONFIG_HOME/cellscape/key-handler KEY`, the
/// pictures' paths on its standard input a line each, its output on our standard error (standard
/// output may carry `-o`'s list). Never waited for: the loop asks which runs ended, and reloads
/// their pictures.
struct KeyHandlerRunner {
    private var running: [(child: pid_t, paths: [String])] = []

    /// Whether a handler still runs (the loop then looks again within a tenth of a second).
    var isRunning: Bool { !running.isEmpty }

    /// The handler's path for `environment`.
    static func program(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return (config ?? "\(environment["HOME"] ?? "/tmp")/.config") + "/cellscape/key-handler"
    }

    /// Starts the handler with `key` on `paths`; a missing handler or one that cannot start is said
    /// in one line.
    mutating func run(key: String, paths: [String]) {
        let program = Self.program()
        guard access(program, X_OK) == 0 else {
            reportLine("no key-handler at \(program): an executable taking the key, the paths on its standard input")
            return
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return reportLine("cannot run \(program): \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var child: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(key), nil]
        defer { for argument in arguments { free(argument) } }
        let status = posix_spawn(&child, program, &actions, nil, arguments, environ)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            return reportLine("cannot run \(program): \(String(cString: strerror(status)))")
        }
        running.append((child, paths))
        // Written on a thread of its own: a handler that reads slowly must not hold the loop.
        let input = Array(paths.map { $0 + "\n" }.joined().utf8)
        let writeEnd = ends[1]
        Thread {
            var offset = 0
            while offset < input.count {
                let written = input[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                offset += written
            }
            close(writeEnd)
        }.start()
    }

    /// The paths of each handler run that ended since the last call.
    mutating func finished() -> [[String]] {
        var ended: [[String]] = []
        running.removeAll { run in
            var status: Int32 = 0
            guard waitpid(run.child, &status, WNOHANG) != 0 else { return false }
            ended.append(run.paths)
            return true
        }
        return ended
    }
}
