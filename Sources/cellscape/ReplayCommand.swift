import ArgumentParser
import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape replay`: plays a recorded session headless and writes its final frame or state.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recorded session headless; write the final frame (PNG) or the final state (JSON)."
    )

    @Argument(help: ArgumentHelp("A session file written by `cellscape --record`.", valueName: "file"))
    var session: String

    @Option(help: ArgumentHelp("Write the final frame as a PNG.", valueName: "file"))
    var snapshot: String?

    @Option(help: ArgumentHelp("Write the final state (cells, scroll, view) as JSON.", valueName: "file"))
    var state: String?

    func validate() throws {
        guard snapshot != nil || state != nil else { throw ValidationError("give --snapshot FILE or --state FILE") }
    }

    func run() throws {
        let recorded = try SessionFile.load(path: session)
        let options = try SessionFile.options(for: recorded.header)
        var model = ViewerModel(force: options.scene, waterfall: options.waterfall, view: options.view)
        recorded.replay(on: &model)
        if let state {
            try OutputFile.write(model.stateJSON, to: state)
        }
        if let snapshot {
            let frame = Framebuffer(width: Int(model.size.width), height: Int(model.size.height))
            model.render(into: frame, rasterizer: CircleRasterizer(), text: try? TextRenderer())
            do {
                try PNGFile.write(frame, to: snapshot)
            } catch {
                throw CommandError(error.description)
            }
        }
    }
}
