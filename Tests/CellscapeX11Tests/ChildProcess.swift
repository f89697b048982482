import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests start, with its output read against deadlines.
///
/// Swift Testing's threads block most signals and a child inherits that mask, so the child is started
/// with an empty one: otherwise Xvfb ignores SIGTERM and waiting for it never ends.
final class ChildProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffered: [Int32: Data] = [:]
    /// Signalled once the program ended (Foundation's termination handler).
    private let ended = DispatchSemaphore(value: 0)

    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [ended] _ in ended.signal() }
        var empty = sigset_t()
        var previous = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    deinit {
        stop()
        if !process.isRunning { process.waitUntilExit() }  // Foundation lets go of an ended child only then
    }

    /// The next line of standard output (or error), or `nil` if none comes within `seconds`.
    func readLine(within seconds: Double, fromStandardError: Bool = false) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        let descriptor = (fromStandardError ? errors : output).fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffered[descriptor, default: Data()].firstIndex(of: 10) {
                let line = String(decoding: buffered[descriptor]![..<newline], as: UTF8.self)
                buffered[descriptor]!.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffered[descriptor, default: Data()].append(contentsOf: chunk[0..<count])
        }
    }

    /// Waits up to `seconds` for the program to end and returns its exit status, or `nil` if it did not.
    func waitForExit(within seconds: Double) -> Int32? {
        guard ended.wait(timeout: .now() + seconds) == .success else { return nil }
        ended.signal()  // for the next caller: it stays ended
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What the program wrote to standard output and no line read took (after it ended).
    var outputText: String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: buffered[descriptor, default: Data()] + rest, as: UTF8.self)
    }

    /// Everything the program wrote to standard error (after it ended).
    var errorText: String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Ends the program: SIGTERM, then SIGKILL after two seconds.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if waitForExit(within: 2) == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(within: 2)
        }
    }

    /// The `cellscape` executable SwiftPM built next to the test bundle.
    static var cellscape: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("cellscape")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            directory.deleteLastPathComponent()
        }
        return ".build/debug/cellscape"
    }

    /// The full path of a program on PATH, if it is there.
    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
