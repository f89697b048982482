import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import Foundation

/// `cellscape bench images DIR --reopen`: a folder opened as the viewer opens it, timed from the start
/// of its listing until every tile is laid out (every header arrived), without the index of headers,
/// then through it twice: the first filling it, the second reading no header.
public struct ReopenBenchmark {
    public struct Run: Sendable {
        public var name: String
        public var seconds: Double
        public var pictures: Int
        /// The process's resident memory once every tile is laid out, the feed and its layout alive, in MB.
        public var residentMegabytes: Double
    }

    let folder: String
    let index: HeaderIndex?

    public init(folder: String, index: HeaderIndex?) {
        self.folder = folder
        self.index = index
    }

    /// The three openings, by name: `without`, `filling` and `through`.
    public static let openings = ["without", "filling", "through"]

    /// Runs the openings named (all three by default), each from the start of its listing.
    public func run(only: String? = nil, stage: (String) -> Void) throws -> [Run] {
        var runs: [Run] = []
        let passes = zip(
            Self.openings, [("without the index", nil), ("filling the index", index), ("through the index", index)]
        ).filter { only == nil || $0.0 == only }.map(\.1)
        for (name, index) in passes {
            stage("\(folder), \(name)")
            let start = monotonicNanoseconds()
            let feed = PictureFeed(
                listing: [folder], recursive: false, threads: ParallelChunks.processorCount, diskCache: nil,
                headerIndex: index, memoryBytes: 64 << 20
            ) { _ in }
            var options = WaterfallScene.Options()
            options.size = Size(width: 1280, height: 800)
            var scene = WaterfallScene(options: options, pictures: feed)
            while feed.isListing || scene.itemCount < feed.count || feed.headersArrived < feed.count {
                feed.loader.waitForWake(milliseconds: 50)
                scene.takePictureResults()
            }
            guard feed.count > 0 else { throw BenchmarkFailure("no pictures in \(folder)") }
            let seconds = Double(monotonicNanoseconds() - start) / 1e9
            // The memory the listing needed for a while is given back on a worker once it is laid out:
            // the resident size once it was, as the window's next turns would see it.
            let giveBackDeadline = monotonicNanoseconds() + 10_000_000_000
            while feed.loader.memoryGivenBack == 0 && monotonicNanoseconds() < giveBackDeadline {
                feed.loader.waitForWake(milliseconds: 50)
                scene.takePictureResults()
            }
            runs.append(
                Run(
                    name: name, seconds: seconds, pictures: feed.count,
                    residentMegabytes: FeedBenchmark.residentMegabytes()))
            index?.flush()
        }
        return runs
    }
}
