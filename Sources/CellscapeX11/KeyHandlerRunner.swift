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

    /// Starts the handler with `key` on `paths`; returns why not when it is missing or cannot start.
    mutating func run(key: String, paths: [String]) -> String? {
        let program = Self.program()
        guard access(program, X_OK) == 0 else {
            return "no key-handler at \(program): an executable taking the key, the paths on its standard input"
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return "cannot run \(program): \(String(cString: strerror(errno)))" }
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
            return "cannot run \(program): \(String(cString: strerror(status)))"
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
        return nil
    }

    /// Each handler run that ended since the last call: the paths it was given, and how it failed
    /// if it did.
    mutating func finished() -> [(paths: [String], failure: String?)] {
        var ended: [(paths: [String], failure: String?)] = []
        running.removeAll { run in
            var status: Int32 = 0
            guard waitpid(run.child, &status, WNOHANG) != 0 else { return false }
            ended.append((run.paths, Self.failure(status)))
            return true
        }
        return ended
    }

    /// What a wait status says of a handler that did not end well, nil for one that did.
    static func failure(_ status: Int32) -> String? {
        let signal = status & 0x7F
        if signal != 0 { return "the key-handler was stopped by signal \(signal)" }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : "the key-handler ended with status \(code)"
    }
}
