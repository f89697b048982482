import ArgumentParser
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape snapshot`: the viewer's frame rendered headless into a PNG file.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract:
            "Render a view's frame headless (no X server), the force view or the waterfall, and write it as a PNG."
    )

    @OptionGroup var scene: SceneOptions

    @Flag(help: "Step until the layout settles, at most --max-steps (the default without --steps).")
    var settle = false

    @Option(parsing: .unconditional, help: "Take exactly this many steps instead of settling (0: the random start).")
    var steps: Int?

    @Option(parsing: .unconditional, help: "The most steps settling takes.")
    var maxSteps = 10_000

    @Flag(help: "Draw the HUD as well.")
    var hud = false

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var out: String

    @Option(help: "The view to draw: force or waterfall.")
    var view: ViewerModel.View = .force

    @Option(parsing: .unconditional, help: "How far the waterfall is scrolled, in pixels.")
    var scroll = 0.0

    @OptionGroup var feed: FeedOptions

    @OptionGroup var pictures: PictureOptions

    func validate() throws {
        if let steps, steps < 0 { throw ValidationError("--steps must be >= 0, not \(steps)") }
        guard maxSteps >= 0 else { throw ValidationError("--max-steps must be >= 0, not \(maxSteps)") }
        guard !(settle && steps != nil) else { throw ValidationError("give --steps or --settle, not both") }
        guard scroll.isFinite, scroll >= 0 else {
            throw ValidationError("--scroll must be a number >= 0, not \(scroll)")
        }
    }

    func run() throws {
        if view == .waterfall || !pictures.paths.isEmpty { return try runWaterfall() }
        var options = scene.scene
        options.showsHUD = hud
        var forceScene = ForceScene(options: options)
        let settling = steps == nil
        let limit = steps ?? maxSteps
        var taken = 0
        let progress = Progress()
        progress.update(
            "snapshot of \(options.cells) cells: " + (settling ? "stepping until settled" : "\(limit) steps"))
        while taken < limit && (!settling || !forceScene.layout.isSettled) {
            forceScene.advance()
            taken += 1
            progress.update("snapshot: step \(taken)")
        }
        progress.finish()
        forceScene.fitZoomNow()
        let frame = Framebuffer(width: Int(options.size.width), height: Int(options.size.height))
        let text = hud ? try? TextRenderer() : nil
        forceScene.render(into: frame, rasterizer: CircleRasterizer(), text: text)
        try write(frame)
    }

    private func runWaterfall() throws {
        var options = WaterfallScene.Options()
        options.pictures = try pictures.feed()
        if options.pictures == nil { options.catalog = try feed.catalog(seed: scene.simulation.seed) }
        options.seed = scene.simulation.seed
        options.size = scene.scene.size
        options.showsHUD = hud
        var waterfall = WaterfallScene(options: options)
        let frame = Framebuffer(width: Int(options.size.width), height: Int(options.size.height))
        let text = try? TextRenderer()
        if let pictures = options.pictures { waitForPictures(pictures, in: &waterfall, frame: frame) }
        waterfall.scroll(toOffset: scroll)
        waterfall.render(into: frame, text: text)
        try write(frame)
    }

    /// Takes the pictures' sizes, then the thumbnails of the tiles in view, as the window would show
    /// them once they arrived (at most a minute).
    private func waitForPictures(_ pictures: PictureFeed, in waterfall: inout WaterfallScene, frame: Framebuffer) {
        let deadline = Date().addingTimeInterval(60)
        func settle(_ isDone: () -> Bool) {
            while !isDone() && Date() < deadline {
                pictures.loader.waitForWake(milliseconds: 50)
                waterfall.takePictureResults()
            }
        }
        settle { pictures.headersArrived == pictures.count }
        waterfall.scroll(toOffset: scroll)
        waterfall.render(into: frame, text: nil)
        let visible = waterfall.layout.indices(in: waterfall.visibleRect)
        settle {
            waterfall.render(into: frame, text: nil)
            return visible.allSatisfy { pictures.memory.contains($0) || pictures.broken.contains($0) }
        }
        while waterfall.isAnimating { waterfall.advance() }  // the thumbnails' fades, done
    }

    private func write(_ frame: Framebuffer) throws {
        do {
            try PNGFile.write(frame, to: out)
        } catch {
            throw CommandError(error.description)
        }
    }
}
