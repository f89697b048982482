import ArgumentParser
import CellscapeBenchmarks
import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import Foundation

/// `cellscape bench trash`: moving files to the trash, as `Delete` on marked pictures does.
struct BenchTrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "Benchmark moving files to the freedesktop.org trash and back (in a trash of its own).",
        discussion: """
            Writes --files small files into a temporary folder and shows them in a grid; moves them all to a \
            temporary home trash on the same file system (info first, then the file) as Delete on marked \
            pictures does, the grid closing over them, puts them back (z), and removes everything.
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
        let actions = TrashActions(trashCan: TrashCan(environment: ["XDG_DATA_HOME": root + "/data"]))
        let feed = PictureFeed(paths: paths, threads: 1, diskCache: nil, memoryBytes: 1 << 20) { _ in }
        feed.waitForAllHeaders()
        let options = WaterfallScene.Options()
        var model = ViewerModel(force: ForceScene.Options(), waterfall: options, pictures: feed, view: .waterfall)
        let start = monotonicNanoseconds()
        let (moved, problems) = actions.trash(paths)
        model.apply(.removed(moved))
        let trashed = monotonicNanoseconds()
        guard problems.isEmpty, model.waterfall.itemCount == 0 else {
            throw CommandError(problems.first ?? "\(model.waterfall.itemCount) pictures stayed in the grid")
        }
        let (back, notRestored) = actions.undo()
        model.apply(.restored(back))
        let restored = monotonicNanoseconds()
        guard notRestored.isEmpty, feed.count == files else {
            throw CommandError(notRestored.first ?? "\(feed.count) of \(files) pictures came back")
        }
        print(
            String(
                format: "trash, %d files: moved in %.0f ms, put back in %.0f ms", files,
                Double(trashed - start) / 1e6, Double(restored - trashed) / 1e6))
    }
}
