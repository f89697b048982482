#if canImport(Glibc)
    import Glibc
#endif

/// Opens files with the desktop's application for them (`xdg-open`, one process a file), never
/// waiting for it: the programs it started are reaped as they end.
struct DesktopLauncher {
    /// The most files opened at once: more would flood the desktop with windows.
    static let mostFiles = 10
    private var running: [pid_t] = []

    /// Starts `xdg-open` for each of the first ``mostFiles`` `paths`; returns what to tell the user (a
    /// failure to start, files left unopened), if anything. Its standard output goes nowhere: ours may
    /// carry `-o`'s list.
    mutating func open(_ paths: [String]) -> String? {
        for path in paths.prefix(Self.mostFiles) {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            var child: pid_t = 0
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("xdg-open"), strdup(path), nil]
            defer { for argument in arguments { free(argument) } }
            let status = posix_spawnp(&child, "xdg-open", &actions, nil, arguments, environ)
            if status == 0 {
                running.append(child)
            } else {
                return "cannot run xdg-open for \(path): \(String(cString: strerror(status)))"
            }
        }
        return paths.count > Self.mostFiles ? "opened the first \(Self.mostFiles) of \(paths.count) files" : nil
    }

    /// Reaps the programs that ended.
    mutating func reap() {
        running.removeAll { child in
            var status: Int32 = 0
            return waitpid(child, &status, WNOHANG) != 0
        }
    }
}
