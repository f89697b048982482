import ArgumentParser
import CellscapeCore

/// `cellscape snapshot`: the viewer's frame rendered headless into a PNG file.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the force view's frame headless (no X server) and write it as a PNG."
    )

    @OptionGroup var scene: SceneOptions

    @Flag(help: "Step until the layout settles (at most --max-steps).")
    var settle = false

    @Option(help: "Take this many steps first.")
    var steps = 0

    @Option(help: "The most steps --settle takes.")
    var maxSteps = 10_000

    @Flag(help: "Draw the HUD as well.")
    var hud = false

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var out: String

    func validate() throws {
        guard steps >= 0 else { throw ValidationError("--steps must be >= 0, not \(steps)") }
        guard maxSteps >= 0 else { throw ValidationError("--max-steps must be >= 0, not \(maxSteps)") }
        guard !(settle && steps > 0) else { throw ValidationError("give --steps or --settle, not both") }
    }

    func run() throws {
        var options = scene.scene
        options.showsHUD = hud
        var forceScene = ForceScene(options: options)
        let limit = settle ? maxSteps : steps
        var taken = 0
        while taken < limit && (!settle || !forceScene.layout.isSettled) {
            forceScene.advance()
            taken += 1
        }
        forceScene.fitZoomNow()
        let frame = Framebuffer(width: Int(options.size.width), height: Int(options.size.height))
        let text = hud ? try? TextRenderer() : nil
        forceScene.render(into: frame, rasterizer: CircleRasterizer(), text: text)
        do {
            try PNGFile.write(frame, to: out)
        } catch {
            throw CommandError(error.description)
        }
    }
}
