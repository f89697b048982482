import ArgumentParser
import CellscapeBenchmarks
import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import CellscapeX11
import Foundation

/// `cellscape bench render`: rasterizing a frame of antialiased cells, headless.
struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Benchmark the software rasterizer headless: one frame of antialiased cells.",
        discussion: """
            Two frames of --cells cells: 'fitted' is a packed disc of 10 px cells zoomed out to fit the window, as \
            the viewer shows a settled layout; 'spread' is cells of radius 10 at random points, unzoomed, \
            overlapping. Each is drawn (background, cells, HUD) --frames times; median and p95 ms.
            """
    )

    @Option(parsing: .unconditional, help: "The number of cells.")
    var cells = 10_000

    @Option(help: ArgumentHelp("The frame size.", valueName: "WxH"), transform: SizeArgument.window)
    var size = SizeArgument(width: 1280, height: 800)

    @Option(parsing: .unconditional, help: "Frames timed per case.")
    var frames = 200

    @Option(parsing: .unconditional, help: "Threads that rasterize (default: every core).")
    var threads: Int?

    func validate() throws {
        guard (1...LayoutForceCommand.cellLimit).contains(cells) else {
            throw ValidationError("--cells must be from 1 to \(LayoutForceCommand.cellLimit), not \(cells)")
        }
        guard frames > 0 else { throw ValidationError("--frames must be > 0, not \(frames)") }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
    }

    func run() throws {
        let benchmark = RenderBenchmark(
            cells: cells, size: Size(width: size.width, height: size.height), frames: frames, threads: threads)
        for result in benchmark.run() {
            print(
                String(
                    format: "render %@ %d cells (radius %.2f px) %@: median %.3f ms, p95 %.3f ms", result.name, cells,
                    result.radius, size.description, result.median, result.p95))
        }
    }
}

/// `cellscape bench frame`: whole frames in a real window (needs an X display, e.g. Xvfb).
struct BenchFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Benchmark whole frames in a window: step, raster, present and XSync (needs a display)."
    )

    @OptionGroup var scene: SceneOptions

    @Option(parsing: .unconditional, help: "Frames timed (after 10 warm-up frames).")
    var frames = 120

    @Flag(help: "Present with XPutImage instead of MIT-SHM.")
    var noShm = false

    @Option(help: "The view: force, or waterfall (scrolling 100 px per frame).")
    var view: ViewerModel.View = .force

    @OptionGroup var feed: FeedOptions

    @OptionGroup var pictures: PictureOptions

    @Option(help: "The X display (default: $DISPLAY).")
    var display: String?

    func validate() throws {
        guard (1...100_000).contains(frames) else {
            throw ValidationError("--frames must be from 1 to 100000, not \(frames)")
        }
    }

    func run() throws {
        var options = ViewerOptions()
        options.displayName = display
        options.scene = scene.scene
        options.sharedMemory = !noShm
        options.view = view
        let shown = try pictures.feed()
        if shown == nil {
            options.waterfall.catalog = try feed.catalog(seed: scene.simulation.seed)
        }
        options.waterfall.size = options.scene.size
        let report = try FrameBench(options: options, pictures: shown, frames: frames).run()
        print(
            String(
                format:
                    "frame %@ %@ (%@): median %.2f ms, p95 %.2f ms, p99 %.2f ms, mean %.2f ms; step %.2f, raster %.2f, "
                    + "present+sync %.2f",
                view == .force ? "\(scene.cells) cells" : "waterfall", scene.size.description,
                report.sharedMemory ? "MIT-SHM" : "XPutImage", report.frame.median, report.frame.p95, report.p99,
                report.frameMean, report.step, report.raster, report.present))
    }
}
