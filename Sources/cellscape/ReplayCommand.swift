import ArgumentParser
import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import CellscapeX11
import Foundation

/// `cellscape replay`: plays a recorded session headless and writes its final frame or state.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recorded session headless; write the final frame (PNG), the final state (JSON), or both.",
        usage: """
            cellscape replay <file> --snapshot <png> [--state <json>]
            cellscape replay <file> --state <json>
            """,
        discussion: """
            One of --snapshot and --state is required. A replay that does not reproduce the recording says at \
            which frame it diverged and exits with status 3.
            """
    )

    @Argument(help: ArgumentHelp("A session file written by `cellscape --record`.", valueName: "file"))
    var session: String

    @Option(help: ArgumentHelp("Write the final frame as a PNG.", valueName: "png"))
    var snapshot: String?

    @Option(help: ArgumentHelp("Write the final state (cells, scroll, view) as JSON.", valueName: "json"))
    var state: String?

    func validate() throws {
        // The file first: a missing session matters more than a missing flag.
        _ = try JSONFile.contents(of: session)
        guard snapshot != nil || state != nil else {
            throw ValidationError("give --snapshot FILE, --state FILE or both")
        }
    }

    func run() throws {
        let recorded = try SessionFile.load(path: session)
        let (options, pictures) = try SessionFile.options(for: recorded.header)
        let driver = ViewerDriver(
            model: ViewerModel(
                force: options.scene, waterfall: options.waterfall, pictures: pictures, view: options.view))
        // Sources the query line opened are opened again, from the cache of downloads, at the frames recorded.
        driver.opener = try QueryOpener.replaying(recorded.header)
        driver.recordsSources = true
        driver.replaysSources = true
        let progress = Progress()
        progress.update("replaying \(recorded.inputs.count) inputs over \(recorded.end.end) frames")
        let outcome = recorded.replay(on: driver)
        progress.finish()
        var model = driver.model
        defer { driver.closeSources() }
        if let state {
            try OutputFile.write(ViewerState(of: model).json, to: state)
        }
        if let snapshot {
            let frame = Framebuffer(width: Int(model.size.width), height: Int(model.size.height))
            // What the window showed, its pictures decoded (the state is written first: drawing moves nothing).
            model.renderWithPicturesArrived(
                into: frame, rasterizer: CircleRasterizer(), text: try? TextRenderer(pixelSize: model.textPixelSize))
            do {
                try PNGFile.write(frame, to: snapshot)
            } catch {
                throw CommandError("\(error)")
            }
        }
        switch outcome {
        case .same: break
        case .diverged(let frame):
            throw ReplayDiverged(description: "\(session): the replay diverged at frame \(frame)")
        case .endDiffers:
            throw ReplayDiverged(description: "\(session): the replay's final state differs from the recording's")
        }
    }
}

/// A replay that did not reproduce its recording: one line, exit status 3.
struct ReplayDiverged: Error, CustomStringConvertible {
    var description: String
}
