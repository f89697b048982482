import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// How long the grid takes to follow a new order of a large folder, on the main thread: each sort key
/// in turn, then every hundredth picture removed at once (a folder's files deleted, marked pictures
/// to the trash). The folder is listed as the viewer lists it, and every header has arrived first, as
/// a sort needs them.
public struct OrderBenchmark {
    /// What it measured.
    public struct Report: Sendable {
        /// How many pictures the folder has.
        public var pictures: Int
        /// Each order and the milliseconds the feed and the grid took to take it.
        public var sorts: [(order: String, milliseconds: Double)]
        /// How many pictures were removed, and the milliseconds the grid took to close over them.
        public var removed: Int
        public var removal: Double
    }

    /// The folder shown.
    public var folder: String
    /// The window.
    public var window: Size

    /// A benchmark of `folder` in a `window`.
    public init(folder: String, window: Size = Size(width: 1280, height: 800)) {
        self.folder = folder
        self.window = window
    }

    /// Lists the folder, reads every header, then sorts and removes; `stage` hears each step.
    public func run(stage: (String) -> Void) throws -> Report {
        stage("listing \(folder) and reading every header")
        let feed = PictureFeed(
            listing: [folder], recursive: false, threads: ParallelChunks.processorCount, diskCache: nil,
            memoryBytes: 64 << 20
        ) { _ in }
        feed.waitForAllHeaders()
        guard feed.count > 0 else { throw BenchmarkFailure("no pictures in \(folder)") }
        let pictures = feed.count
        var options = WaterfallScene.Options()
        options.size = window
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.takePictureResults()
        scene.select(scene.itemCount / 2)
        var sorts: [(String, Double)] = []
        for key in [KeyCommand.sortNext, .sortNext, .sortNext, .reverseSort, .sortNext] {
            stage("sorting")
            let start = monotonicNanoseconds()
            scene.handle(.key(key))
            let order = scene.pictureOrder
            sorts.append(
                (
                    "\(order.order.rawValue)\(order.descending ? " reversed" : "")",
                    Double(monotonicNanoseconds() - start) / 1e6
                ))
        }
        stage("removing every hundredth picture")
        let removed = Array(stride(from: 0, to: feed.count, by: 100))
        let start = monotonicNanoseconds()
        feed.remove(removed)
        scene.takePictureResults()
        let removal = Double(monotonicNanoseconds() - start) / 1e6
        guard scene.itemCount == pictures - removed.count else {
            throw BenchmarkFailure(
                "the grid has \(scene.itemCount) pictures, not \(pictures - removed.count)")
        }
        return Report(pictures: pictures, sorts: sorts, removed: removed.count, removal: removal)
    }
}
