import ArgumentParser
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape thumbnails`: fills the desktop's shared thumbnail cache, headless.
struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Fill the shared thumbnail cache (~/.cache/thumbnails) for pictures, headless.",
        discussion: """
            \(PictureHeader.Format.names) files among the paths (folders give the pictures in them, in natural \
            name order; an animation gives its first frame) get \
            a thumbnail as the freedesktop.org standard says, shared with GNOME Files, Thunar and others. A \
            picture that cannot be decoded gets one line on standard error and a failure entry. The summary \
            line goes to standard output; progress to standard error.
            """
    )

    @Argument(help: ArgumentHelp("Picture files and folders; - reads paths from standard input.", valueName: "path"))
    var paths: [String] = []

    @Flag(name: [.short, .long], help: "Take the pictures of every folder below as well.")
    var recursive = false

    @Option(help: "The thumbnail size: normal (128), large (256), x-large (512) or xx-large (1024).")
    var size: ThumbnailCache.Size = .normal

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one picture or folder (or - for stdin)") }
    }

    func run() throws {
        var arguments = paths.filter { $0 != "-" }
        if paths.contains("-") {
            while let line = readLine() { if !line.isEmpty { arguments.append(line) } }
        }
        let found = PictureFiles(arguments, recursive: recursive)
        for problem in found.problems { FileHandle.standardError.write(Data("cellscape: \(problem)\n".utf8)) }
        // Nothing to do but what was said: bad input, as for the viewer.
        if found.paths.isEmpty && !found.problems.isEmpty { throw ExitCode(2) }
        let thumbnailer = Thumbnailer(
            cache: ThumbnailCache(environment: ProcessInfo.processInfo.environment), size: size)
        let progress = Progress()
        let signals = SignalPipe()
        var interrupted = false
        let total = found.paths.count
        progress.stage("thumbnails of \(Self.count(total, "picture")), \(size.rawValue)")
        var reportedTenth = 0
        let stopping = {
            interrupted = interrupted || signals.hasFired
            return interrupted
        }
        let outcomes = thumbnailer.run(found.paths, stopping: stopping) { done, batch in
            for outcome in batch {
                let line: String
                switch outcome {
                case .failed(let reason), .failedBefore(let reason): line = reason
                default: continue
                }
                progress.finish()
                FileHandle.standardError.write(Data("cellscape: \(line)\n".utf8))
            }
            progress.update(Self.bar(done: done, total: total))
            if !progress.isTerminal, done * 10 / max(1, total) > reportedTenth {
                reportedTenth = done * 10 / max(1, total)
                progress.stage("\(done) of \(total) pictures")
            }
        }
        progress.finish()
        if interrupted {
            let line =
                "cellscape: stopped by a signal after \(outcomes.count) of \(total) pictures; "
                + "every thumbnail written is whole\n"
            FileHandle.standardError.write(Data(line.utf8))
            throw ExitCode(128 + signals.received)
        }
        for case .cacheUnwritable(let reason) in outcomes {
            FileHandle.standardError.write(Data("cellscape: \(reason); stopped\n".utf8))
            throw ExitCode(1)
        }
        let made = outcomes.filter { $0 == .made }.count
        let cached = outcomes.filter { $0 == .cached }.count
        let failedBefore = outcomes.filter { if case .failedBefore = $0 { true } else { false } }.count
        let failed = outcomes.count - made - cached - failedBefore
        print(
            "\(Self.count(total, "picture")): \(made) made, \(cached) already cached, \(failed) failed"
                + (failedBefore > 0 ? ", \(failedBefore) failed before" : "")
                + "; \(Self.count(found.skipped, "other file")) skipped"
                + "; cache \(thumbnailer.cache.root)/\(size.rawValue)"
        )
        // The cache is the point: a picture that failed (now or before, so every run with the same
        // files ends the same), or a path that could not be read, is an error.
        if failed + failedBefore > 0 || !found.problems.isEmpty { throw ExitCode(1) }
    }

    /// "1 picture", "2 pictures".
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// A bar of 30 cells and the count.
    static func bar(done: Int, total: Int) -> String {
        let filled = total == 0 ? 30 : done * 30 / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
            + "] \(done)/\(total) pictures"
    }
}

extension ThumbnailCache.Size: ExpressibleByArgument {}
