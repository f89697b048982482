import ArgumentParser
import CellscapeLayout
import CellscapePictures
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

    @Option(help: "The view to draw: force or waterfall (with pictures, waterfall unless told).")
    var view: ViewerModel.View?

    @Option(parsing: .unconditional, help: "How far the waterfall is scrolled, in pixels.")
    var scroll = 0.0

    @Option(help: ArgumentHelp("Open this picture (one of those given) as the image view shows it.", valueName: "file"))
    var open: String?

    @Option(
        parsing: .unconditional,
        help: "Show every animation at this frame (1 is the first; past the last, the last).")
    var frame: Int?

    @Option(help: "Pixels per point for the waterfall's text, tiles and bar (2 as on a 192-dpi screen).")
    var scale = 1.0

    @Option(
        parsing: .unconditional,
        help:
            "The longest wait for the pictures of the first screen (a feed's downloads), in seconds; then what came is drawn."
    )
    var timeout = 60.0

    @OptionGroup var feed: FeedOptions

    @OptionGroup var pictures: PictureOptions

    func validate() throws {
        guard (0.5...4).contains(scale) else { throw ValidationError("--scale must be from 0.5 to 4, not \(scale)") }
        if let steps, steps < 0 { throw ValidationError("--steps must be >= 0, not \(steps)") }
        guard maxSteps >= 0 else { throw ValidationError("--max-steps must be >= 0, not \(maxSteps)") }
        guard !(settle && steps != nil) else { throw ValidationError("give --steps or --settle, not both") }
        if let frame, frame < 1 { throw ValidationError("--frame must be 1 or more, not \(frame)") }
        if open != nil && pictures.paths.isEmpty { throw ValidationError("--open needs the pictures to open it among") }
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a number > 0, not \(timeout)")
        }
        guard scroll.isFinite, scroll >= 0 else {
            throw ValidationError("--scroll must be a number >= 0, not \(scroll)")
        }
    }

    func run() throws {
        let view = self.view ?? (pictures.paths.isEmpty ? .force : .waterfall)
        if view == .waterfall { return try runWaterfall() }
        var options = scene.scene
        options.showsHUD = hud
        let shown = try pictures.feed()
        if open != nil {
            throw CommandError("--open shows a picture in the waterfall's image view, not in --view force")
        }
        shown?.waitForAllHeaders()
        var forceScene = ForceScene(options: options, pictures: shown)
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
        // The cells' pictures, as the window shows them once they arrived.
        forceScene.renderWithPicturesArrived(into: frame, rasterizer: CircleRasterizer(), text: text)
        try write(frame)
    }

    private func runWaterfall() throws {
        var options = WaterfallScene.Options()
        let shown = try pictures.feed()
        if shown == nil { options.catalog = try feed.catalog(seed: scene.simulation.seed) }
        options.seed = scene.simulation.seed
        options.size = scene.scene.size
        options.showsHUD = hud
        options.scale = scale
        var waterfall = WaterfallScene(options: options, pictures: shown)
        let frame = Framebuffer(width: Int(options.size.width), height: Int(options.size.height))
        let text = try? TextRenderer(pixelSize: Int((14 * scale).rounded()))
        if let pictures = shown {
            // Every header: --open finds its picture.
            waterfall.renderWithPicturesArrived(into: frame, text: nil, timeout: timeout)
            // A feed that gave nothing says why, as the window would, and fails.
            if pictures.count == 0, let problem = pictures.sourceProblem { throw CommandError(problem) }
            // A feed drawn from the cache of downloads, the network down, says so and succeeds.
            if let status = pictures.sourceStatus, status.hasPrefix("offline") {
                FileHandle.standardError.write(Data("cellscape: \(status)\n".utf8))
            }
            if let open {
                let path = URL(fileURLWithPath: open).standardizedFileURL.path
                guard
                    let index = pictures.paths.firstIndex(where: {
                        URL(fileURLWithPath: $0).standardizedFileURL.path == path
                    })
                else { throw CommandError("\(open) is not among the pictures given") }
                waterfall.open(pictureAt: index)
                waterfall.renderWithPicturesArrived(into: frame, text: nil, timeout: timeout)
            }
            if let number = self.frame { showFrame(number - 1, of: pictures, in: &waterfall, frame: frame) }
        }
        waterfall.scroll(toOffset: scroll)
        waterfall.renderWithPicturesArrived(into: frame, text: text, timeout: timeout)
        shown?.closeSources()
        try write(frame)
    }

    /// Steps every animation that shows to frame `number` (from 0), or its last, as the frames arrive.
    private func showFrame(
        _ number: Int, of pictures: PictureFeed, in waterfall: inout WaterfallScene, frame: Framebuffer
    ) {
        let deadline = Date().addingTimeInterval(60)
        waterfall.prepareFrame()
        for index in pictures.animations.playingAnimations {
            while Date() < deadline && !pictures.isBroken(at: index) {
                if let position = pictures.animations.animationPosition(index) {
                    let isLast = position.count.map { position.frame == $0 - 1 } ?? false
                    if position.frame >= number || isLast { break }
                    if pictures.animations.stepAnimation(index, by: 1, now: 0) { continue }
                }
                pictures.loader.waitForWake(milliseconds: 50)
                waterfall.takePictureResults()
            }
        }
    }

    private func write(_ frame: Framebuffer) throws {
        do {
            try PNGFile.write(frame, to: out)
        } catch {
            throw CommandError(error.description)
        }
    }
}
