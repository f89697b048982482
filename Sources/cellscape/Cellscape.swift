import ArgumentParser
import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import CellscapeX11
import Foundation

/// The `cellscape` command: the viewer, headless layout and snapshots, and benchmarks.
@main
struct Cellscape: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellscape",
        abstract:
            "Collection-view layouts for the desktop: force-directed cells and a waterfall in a window, "
            + "headless layouts, snapshots and replays.",
        version: CellscapeVersion.current,
        subcommands: [
            ViewCommand.self, SnapshotCommand.self, ReplayCommand.self, LayoutCommand.self, ThumbnailsCommand.self,
            ThumbnailCommand.self,
            BenchCommand.self,
        ],
        defaultSubcommand: ViewCommand.self
    )

    /// Runs the command; any error becomes one line on standard error and exit status 2 (bad input),
    /// the viewer's status (1: no display) or 3 (a replay that does not reproduce its recording).
    static func main() {
        // Past a file size limit a write then fails, said in one line, instead of killing the process.
        signal(SIGXFSZ, SIG_IGN)
        PictureMemory.apply()
        if [["--help"], ["-h"], ["help"]].contains(Array(CommandLine.arguments.dropFirst())) {
            print(overallHelp)
            Foundation.exit(0)
        }
        do {
            var command = try parseAsRoot()
            // What was learnt of the pictures is kept however the command ends.
            defer { SharedHeaderIndex.flush() }
            try command.run()
        } catch let error as ViewerError {
            FileHandle.standardError.write(Data("cellscape: \(error.description)\n".utf8))
            Foundation.exit(error.exitStatus)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch let error as ReplayDiverged {
            FileHandle.standardError.write(Data("cellscape: \(error.description)\n".utf8))
            Foundation.exit(3)
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let message =
                Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("cellscape: \(message)\n".utf8))
            Foundation.exit(2)
        }
    }
}

extension Cellscape {
    /// `cellscape --help`: the viewer's arguments and options (plain `cellscape` is the viewer), then
    /// the subcommands.
    static var overallHelp: String {
        let root = helpMessage(columns: nil)
        let view = helpMessage(for: ViewCommand.self, columns: nil)
        let overview = root.components(separatedBy: "USAGE:").first ?? ""
        let options = view.components(separatedBy: "\nARGUMENTS:").dropFirst().joined()
        let subcommands = root.components(separatedBy: "SUBCOMMANDS:").dropFirst().joined()
            .replacingOccurrences(
                of: "for detailed help.", with: "for detailed help, and 'cellscape help view' for the keys.")
        return overview + "USAGE: cellscape [<options>] [<path> ...]\n       cellscape <subcommand>\n\nARGUMENTS:"
            + options + "\nSUBCOMMANDS:" + subcommands
    }
}

/// A failure the user can fix: bad input, an unreadable or unwritable file.
struct CommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The `layout` group: computes a layout without a window and prints it as JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Compute a layout headless and write it as JSON.",
        subcommands: [LayoutForceCommand.self, LayoutWaterfallCommand.self]
    )
}

/// The `bench` group: speed and memory, measured in a release build.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed and memory (build with -c release).",
        subcommands: [
            BenchForceCommand.self, BenchRenderCommand.self, BenchFrameCommand.self, BenchWaterfallCommand.self,
            BenchBusCommand.self, BenchImagesCommand.self, BenchTrashCommand.self, BenchFeedCommand.self,
            BenchQueryCommand.self,
        ]
    )
}
