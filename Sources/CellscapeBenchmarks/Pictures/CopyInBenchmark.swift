import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Many pictures copied into a folder while it shows, as a file manager copies a card's worth: a
/// thread writes copies of the folder's pictures as fast as it can, and the loop turns as the viewer's
/// does (wait for the loader or the watch, take what arrived, prepare, draw) until every copy shows.
public struct CopyInBenchmark {
    /// What a run measured.
    public struct Report: Sendable {
        /// The pictures copied in, and how many of them the grid shows at the end.
        public var copied: Int
        public var arrived: Int
        /// The loop's turns while they joined, and the longest and the 99th percentile, in ms.
        public var turns: Int
        public var longest: Double
        public var p99: Double
        /// From the first copy to the last one shown, in seconds.
        public var seconds: Double
    }

    /// The folder shown, and the window.
    public var folder: String
    public var window: Size

    public init(folder: String, window: Size = Size(width: 1280, height: 800)) {
        self.folder = folder
        self.window = window
    }

    /// Copies `count` pictures into a new folder beside the shown one's pictures (removed afterwards).
    public func run(count: Int) throws -> Report {
        let found = PictureFiles([folder], recursive: false)
        guard !found.paths.isEmpty else { throw BenchmarkFailure("no pictures in \(folder)") }
        let target = "\(folder)/copied-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: target) }
        let sources = try found.paths.prefix(64).map { (Data(try PictureFile.contents(of: $0)), $0) }
        let feed = PictureFeed(
            paths: [], threads: ParallelChunks.processorCount, diskCache: nil, memoryBytes: 256 << 20
        ) { _ in }
        feed.watch(folders: [target])
        var options = WaterfallScene.Options()
        options.size = window
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: Int(window.width), height: Int(window.height))
        let start = monotonicNanoseconds()
        let writer = Thread {
            for number in 0..<count {
                let (bytes, path) = sources[number % sources.count]
                let name = String(format: "%05d-", number) + (path as NSString).lastPathComponent
                _ = FileManager.default.createFile(atPath: "\(target)/\(name)", contents: bytes)
            }
        }
        writer.start()
        var turns: [UInt64] = []
        let deadline = start + 300_000_000_000
        while (scene.itemCount < count || feed.headersArrived < feed.count) && monotonicNanoseconds() < deadline {
            Self.wait(for: [feed.loader.wakeDescriptor, feed.watchDescriptor ?? -1], milliseconds: 16)
            let turn = monotonicNanoseconds()
            _ = scene.takePictureResults()
            scene.prepareFrame()
            scene.render(into: frame, text: nil)
            turns.append(monotonicNanoseconds() - turn)
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        turns.sort()
        let milliseconds = { (value: UInt64) in Double(value) / 1e6 }
        return Report(
            copied: count, arrived: scene.itemCount, turns: turns.count, longest: milliseconds(turns.last ?? 0),
            p99: milliseconds(turns.isEmpty ? 0 : turns[turns.count * 99 / 100]), seconds: seconds)
    }

    private static func wait(for descriptors: [Int32], milliseconds: Int32) {
        var polled = descriptors.filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polled, nfds_t(polled.count), milliseconds)
    }
}
