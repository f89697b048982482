import ArgumentParser
import CellscapeLayout
import CellscapePictures
import Foundation

/// `cellscape bench trash`: moving files to the trash, as `Delete` on marked pictures does.
struct BenchTrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "Benchmark moving files to the freedesktop.org trash and back (in a trash of its own).",
        discussion: """
            Writes --files small files into a temporary folder, moves them all to a temporary home trash on \
            the same file system (info first, then the file), puts them back, and removes everything.
            """
    )

    @Option(parsing: .unconditional, help: "How many files.")
    var files = 1000

    func validate() throws {
        guard (1...100_000).contains(files) else {
            throw ValidationError("--files must be from 1 to 100000, not \(files)")
        }
    }

    func run() throws {
        let root = NSTemporaryDirectory() + "cellscape-bench-trash-\(getpid())"
        Interruption.install { [root] }
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/pictures", withIntermediateDirectories: true)
        let paths = (0..<files).map { "\(root)/pictures/picture \($0).jpg" }
        for path in paths {
            guard FileManager.default.createFile(atPath: path, contents: Data(count: 4096)) else {
                throw CommandError("cannot write \(path)")
            }
        }
        let trash = TrashCan(environment: ["XDG_DATA_HOME": root + "/data"])
        let start = monotonicNanoseconds()
        let moved = try paths.map { path in try trash.trash(path) }
        let trashed = monotonicNanoseconds()
        for file in moved { try trash.restore(file) }
        let restored = monotonicNanoseconds()
        print(
            String(
                format: "trash, %d files: moved in %.0f ms, put back in %.0f ms", files,
                Double(trashed - start) / 1e6, Double(restored - trashed) / 1e6))
    }
}
