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
    }

    let folder: String
    let index: HeaderIndex?

    public init(folder: String, index: HeaderIndex?) {
        self.folder = folder
        self.index = index
    }

    public func run(stage: (String) -> Void) throws -> [Run] {
        var runs: [Run] = []
        for (name, index) in [("without the index", nil), ("filling the index", index), ("through the index", index)] {
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
            runs.append(Run(name: name, seconds: Double(monotonicNanoseconds() - start) / 1e9, pictures: feed.count))
            index?.flush()
        }
        return runs
    }
}
