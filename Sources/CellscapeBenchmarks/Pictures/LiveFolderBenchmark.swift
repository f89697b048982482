import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// How soon a picture written into a folder that shows is on screen: the folder's feed is watched, the
/// grid follows its end (as a user watching a camera import), and pictures are written into it one
/// at a time; each is timed from its file's close to its thumbnail, decoded, in the tile.
public struct LiveFolderBenchmark {
    /// The folder shown.
    public var folder: String
    /// The window.
    public var window: Size

    /// A benchmark of `folder` in a `window`.
    public init(folder: String, window: Size = Size(width: 1280, height: 800)) {
        self.folder = folder
        self.window = window
    }

    /// Writes `count` copies of the folder's first picture into it (removed afterwards) and returns
    /// how long each took to show, in nanoseconds.
    public func run(count: Int) throws -> [UInt64] {
        let found = PictureFiles([folder], recursive: false)
        guard let sample = found.paths.first else { throw BenchmarkFailure("no pictures in \(folder)") }
        let bytes = Data(try PictureFile.contents(of: sample))
        let ending = (sample as NSString).pathExtension
        let feed = PictureFeed(
            paths: found.paths, threads: ParallelChunks.processorCount, diskCache: nil, memoryBytes: 64 << 20
        ) { _ in }
        feed.watch(folders: found.folders)
        var options = WaterfallScene.Options()
        options.size = window
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: Int(window.width), height: Int(window.height))
        scene.renderWithPicturesArrived(into: frame, text: nil)
        var written: [String] = []
        defer { for path in written { try? FileManager.default.removeItem(atPath: path) } }
        var times: [UInt64] = []
        let shows = { (path: String) in feed.position(ofPath: path).map(feed.hasThumbnail(at:)) ?? false }
        for number in 0..<count {
            let path = "\(folder)/live-\(UUID().uuidString).\(ending)"
            guard FileManager.default.createFile(atPath: path, contents: bytes) else {
                throw BenchmarkFailure("cannot write \(path)")
            }
            let closed = monotonicNanoseconds()
            written.append(path)
            let deadline = closed + 10_000_000_000
            while !shows(path) && monotonicNanoseconds() < deadline {
                feed.loader.waitForWake(milliseconds: 1)
                if scene.takePictureResults(), let position = feed.position(ofPath: path), position < scene.itemCount {
                    scene.select(position)  // the grid follows the picture to where it lands
                }
                scene.prepareFrame()
                scene.render(into: frame, text: nil)
            }
            guard shows(path) else { throw BenchmarkFailure("picture \(number + 1) never showed") }
            times.append(monotonicNanoseconds() - closed)
        }
        return times
    }
}

/// Why a benchmark could not run, in one line.
public struct BenchmarkFailure: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
