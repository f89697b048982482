import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import Foundation

/// `cellscape bench images DIR --seek`: each video of a folder open as the image view opens it (its
/// frames fitting 1280x800), moved to places across its length, each timed from the seek until the
/// frame that shows there has arrived, through the loader's workers as in the viewer.
public struct SeekBenchmark {
    /// What was measured of one video: its seeks, their median and slowest, in milliseconds.
    public struct Report: Sendable {
        public var path: String
        public var seeks: Int
        public var median: Double
        public var slowest: Double
    }

    public var paths: [String]
    /// Places a video is moved to: the middles of as many parts of its length, in a scattered order.
    public var places: Int

    public init(paths: [String], places: Int = 15) {
        self.paths = paths
        self.places = places
    }

    public func run(progress: (String) -> Void = { _ in }) -> [Report] {
        let feed = PictureFeed(
            paths: paths, threads: ParallelChunks.processorCount, diskCache: nil, memoryBytes: 256 << 20
        ) { _ in }
        feed.waitForAllHeaders()
        var reports: [Report] = []
        for position in 0..<feed.count {
            guard let header = feed.header(at: position), header.format.streamsFrames, let seconds = header.seconds
            else { continue }
            var times: [Double] = []
            progress("seeking in \(paths[position]) (\(places) places)")
            feed.animations.play([position], side: 1280, opened: true, now: monotonicNanoseconds())
            guard wait(feed, until: { feed.animations.animationPosition(position) != nil }) else { continue }
            // 7 is prime to any count of places but its multiples: the seeks jump back and forth.
            for step in 0..<places {
                let part = (step * 7) % places
                let target = Int(seconds * 1000 * (Double(part) + 0.5) / Double(places))
                let start = monotonicNanoseconds()
                guard feed.animations.seekAnimation(position, to: target) else { continue }
                guard wait(feed, until: { feed.animations.animationPosition(position) != nil }) else { break }
                times.append(Double(monotonicNanoseconds() - start) / 1e6)
            }
            feed.animations.play([], now: monotonicNanoseconds())
            times.sort()
            guard !times.isEmpty else { continue }
            reports.append(
                Report(path: paths[position], seeks: times.count, median: times[times.count / 2], slowest: times.last!))
        }
        return reports
    }

    /// Takes the feed's results until `condition` holds; false after 30 s (a video that cannot seek).
    private func wait(_ feed: PictureFeed, until condition: () -> Bool) -> Bool {
        let giveUp = monotonicNanoseconds() + 30_000_000_000
        while !condition() {
            if monotonicNanoseconds() > giveUp { return false }
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        return true
    }
}
