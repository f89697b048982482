import Foundation
import Testing

/// Runs the built `cellscape` executable, as a user would, and captures what it prints.
struct CommandRunner {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String
    }

    /// The executable SwiftPM built next to the test bundle.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("cellscape")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/cellscape")
    }

    static func run(
        _ arguments: [String], executable: URL = executable, environment: [String: String]? = nil, input: Data? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        // Standard input from a file written first: a pipe could fill before the program reads it.
        var inputFile: String?
        if let input {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID()).in").path
            try input.write(to: URL(fileURLWithPath: path))
            inputFile = path
        }
        defer { if let inputFile { try? FileManager.default.removeItem(atPath: inputFile) } }
        process.standardInput =
            try inputFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cellscape-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Removes the files a test wrote, so that runs leave nothing behind in the temporary directory.
    static func removeFiles(_ paths: String...) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Leaves out a test that runs Cellscape under a file size limit while the tests run under
    /// ThreadSanitizer: its runtime dies of SIGBUS before `main` under a limit below 256 KB.
    static var notUnderThreadSanitizer: Self {
        .disabled(
            if: dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil,
            "ThreadSanitizer cannot start under a file size limit below 256 KB: this fault is tested without it")
    }
}
