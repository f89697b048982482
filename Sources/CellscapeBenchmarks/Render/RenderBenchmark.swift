import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench render`'s measurements: frames of antialiased cells rasterized headless.
///
/// Two cases: `fitted`, a packed disc of 10 px cells zoomed out to fit the frame, as the viewer shows a
/// settled layout; `spread`, cells of radius 10 at random points, unzoomed, overlapping. Each is drawn
/// (background, cells, a line of text) `frames` times.
public struct RenderBenchmark {
    /// What one case measured, in milliseconds per frame.
    public struct Case: Sendable {
        public var name: String
        public var radius: Double
        public var median: Double
        public var p95: Double
    }

    public var cells: Int
    public var size: Size
    public var frames: Int
    public var threads: Int?

    /// A benchmark of `cells` cells in frames of `size`, `frames` frames a case, on `threads` threads.
    public init(cells: Int, size: Size, frames: Int, threads: Int?) {
        self.cells = cells
        self.size = size
        self.frames = max(1, frames)
        self.threads = threads
    }

    /// Runs both cases.
    public func run() -> [Case] {
        let frame = Framebuffer(width: Int(size.width), height: Int(size.height))
        let rasterizer = CircleRasterizer(threads: threads)
        let text = try? TextRenderer()
        return [("fitted", fittedDisc()), ("spread", spreadCells())].map { name, circles in
            var times: [Double] = []
            for _ in 0..<frames {
                let start = monotonicNanoseconds()
                rasterizer.draw(circles, into: frame, background: .background)
                if let text { text.draw("cells \(cells)", x: 16, y: 16, color: .text, into: frame) }
                times.append(Double(monotonicNanoseconds() - start) / 1e6)
            }
            times.sort()
            return Case(
                name: name, radius: circles.first?.radius ?? 0, median: times[times.count / 2],
                p95: times[min(times.count - 1, times.count * 95 / 100)])
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
        let reach = (disc.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.max() ?? 0) + 10
        let zoom = min(1, (min(size.width, size.height) / 2 - 12) / reach)
        return disc.enumerated().map { index, point in
            Circle(
                center: Point(x: size.width / 2 + point.x * zoom, y: size.height / 2 + point.y * zoom),
                radius: 10 * zoom, color: .palette(for: index))
        }
    }

    /// Cells of radius 10 at random points of the frame.
    private func spreadCells() -> [Circle] {
        var layout = ForceDirectedLayout(bounds: Rect(origin: .zero, size: size), seed: 1)
        for _ in 0..<cells { layout.addCell() }
        return layout.cells.map { Circle(center: $0.position, radius: 10, color: .palette(for: $0.id)) }
    }
}
