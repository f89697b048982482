import ArgumentParser
import CellscapeLayout
import CellscapeViewer

/// The options that decide what the force view shows, shared by the viewer and snapshots.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The window size.", valueName: "WxH"), transform: SizeArgument.window)
    var size = SizeArgument(width: 1280, height: 800)

    @Option(parsing: .unconditional, help: "The number of cells at the start.")
    var cells = 200

    @OptionGroup var simulation: SimulationOptions

    func validate() throws {
        guard (0...LayoutForceCommand.cellLimit).contains(cells) else {
            throw ValidationError("--cells must be from 0 to \(LayoutForceCommand.cellLimit), not \(cells)")
        }
    }

    /// The scene these options describe.
    var scene: ForceScene.Options {
        var options = ForceScene.Options()
        options.cells = cells
        options.seed = simulation.seed
        options.size = Size(width: size.width.rounded(), height: size.height.rounded())
        options.settings = simulation.settings
        return options
    }
}
