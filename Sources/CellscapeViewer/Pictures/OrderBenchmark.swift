import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// How long the grid takes to follow a new order of a large folder, on the main thread: each sort key
/// in turn, then every hundredth picture removed at once (a folder's files deleted, marked pictures
/// to the trash). Every header has arrived first, as a sort needs them.
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
        let found = PictureFiles([folder], recursive: false)
        guard !found.paths.isEmpty else { throw BenchmarkFailure("no pictures in \(folder)") }
        stage("reading the headers of \(found.paths.count) pictures")
        let feed = PictureFeed(
            paths: found.paths, threads: ParallelChunks.processorCount, diskCache: nil, memoryBytes: 64 << 20
        ) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.pictures = feed
        options.size = window
        var scene = WaterfallScene(options: options)
        scene.takePictureResults()
        scene.selection = scene.items.count / 2
        scene.revealSelection()
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
        guard scene.items.count == found.paths.count - removed.count else {
            throw BenchmarkFailure(
                "the grid has \(scene.items.count) pictures, not \(found.paths.count - removed.count)")
        }
        return Report(pictures: found.paths.count, sorts: sorts, removed: removed.count, removal: removal)
    }
}
