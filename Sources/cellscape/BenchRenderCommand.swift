import ArgumentParser
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

    @Option(help: "The number of cells.")
    var cells = 10_000

    @Option(help: "The frame size, WIDTHxHEIGHT.")
    var size = SizeArgument(width: 1280, height: 800)

    @Option(help: "Frames timed per case.")
    var frames = 200

    @Option(help: "Threads that rasterize (default: every core).")
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
        let frame = Framebuffer(width: Int(size.width), height: Int(size.height))
        let rasterizer = CircleRasterizer(threads: threads)
        let text = try? TextRenderer()
        for (name, circles) in [("fitted", fittedDisc()), ("spread", spreadCells())] {
            var times: [Double] = []
            for _ in 0..<frames {
                let start = DispatchTime.now().uptimeNanoseconds
                rasterizer.draw(circles, into: frame, background: .background)
                if let text { text.draw("cells \(cells)", x: 16, y: 16, color: .text, into: frame) }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            times.sort()
            let radius = circles.first.map { String(format: "%.2f", $0.radius) } ?? "-"
            print(
                String(
                    format: "render %@ %d cells (radius %@ px) %@: median %.3f ms, p95 %.3f ms", name, cells, radius,
                    size.description, times[times.count / 2], times[min(times.count - 1, times.count * 95 / 100)]))
        }
    }

    /// Cells packed in a hexagonal disc 21 px apart, zoomed to fit the frame.
    private func fittedDisc() -> [Circle] {
        let rings = Int((Double(cells) / 3).squareRoot()) + 2
        var points: [Point] = []
        for row in -rings...rings {
            for column in -rings...rings {
                points.append(Point(x: 21 * (Double(column) + Double(row) / 2), y: 21 * Double(row) * 0.866))
            }
        }
        points.sort { $0.x * $0.x + $0.y * $0.y < $1.x * $1.x + $1.y * $1.y }
        let disc = points.prefix(cells)
        let reach = disc.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.max()! + 10
        let zoom = min(1, (min(size.width, size.height) / 2 - 12) / reach)
        return disc.enumerated().map { index, point in
            Circle(
                center: Point(x: size.width / 2 + point.x * zoom, y: size.height / 2 + point.y * zoom),
                radius: 10 * zoom, color: .palette(for: index))
        }
    }

    /// Cells of radius 10 at random points of the frame.
    private func spreadCells() -> [Circle] {
        var layout = ForceDirectedLayout(bounds: size.bounds, seed: 1)
        for _ in 0..<cells { layout.addCell() }
        return layout.cells.map { Circle(center: $0.position, radius: 10, color: .palette(for: $0.id)) }
    }
}

/// `cellscape bench frame`: whole frames in a real window (needs an X display, e.g. Xvfb).
struct BenchFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Benchmark whole frames in a window: step, raster, present and XSync (needs a display)."
    )

    @OptionGroup var scene: SceneOptions

    @Option(help: "Frames timed (after 10 warm-up frames).")
    var frames = 120

    @Flag(help: "Present with XPutImage instead of MIT-SHM.")
    var noShm = false

    @Option(help: "The view: force, or waterfall (scrolling 100 px per frame).")
    var view: ViewerModel.View = .force

    @OptionGroup var feed: FeedOptions

    func run() throws {
        var options = ViewerOptions()
        options.scene = scene.scene
        options.sharedMemory = !noShm
        options.view = view
        options.waterfall.catalog = try feed.catalog(seed: scene.simulation.seed)
        options.waterfall.size = options.scene.size
        let report = try FrameBench(options: options, frames: frames).run()
        print(
            String(
                format:
                    "frame %@ %@ (%@): median %.2f ms, p95 %.2f ms, mean %.2f ms; step %.2f, raster %.2f, present+sync %.2f",
                view == .force ? "\(scene.cells) cells" : "waterfall", scene.size.description,
                report.sharedMemory ? "MIT-SHM" : "XPutImage",
                report.frame.median, report.frame.p95, report.frameMean, report.step, report.raster, report.present))
    }
}
