import ArgumentParser
import CellscapeCore
import CellscapeX11

/// `cellscape view` (and plain `cellscape`): the force view in an X11 window.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show the force-directed layout in a window (the default command).",
        discussion: """
            Left click adds a cell, left drag moves one, right click removes one. Keys: space pause, r reset \
            with a new seed, c clear, + and - add or remove 100 cells, h HUD, f fit to window, q or Escape quit. \
            Prints 'ready window=0x<id>' once the window is mapped.
            """
    )

    @OptionGroup var scene: SceneOptions

    @Flag(help: "Present frames with XPutImage instead of MIT-SHM shared memory.")
    var noShm = false

    @Option(help: "Frames per second while something moves.")
    var fps = 60

    @Option(help: "The X display (default: $DISPLAY).")
    var display: String?

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be from 1 to 1000, not \(fps)") }
    }

    func run() throws {
        var options = ViewerOptions()
        options.scene = scene.scene
        options.sharedMemory = !noShm
        options.framesPerSecond = fps
        options.displayName = display
        try Viewer(options: options).run()
    }
}
