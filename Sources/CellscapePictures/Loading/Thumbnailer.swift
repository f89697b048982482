import CellscapeLayout
import CellscapeRender
import Foundation

/// Fills the shared thumbnail cache for a list of pictures, on every core: each picture whose cache
/// entry is missing or stale is decoded at the size the cache asks for and stored; one that cannot be
/// decoded is recorded as a failure, so no program tries it again until it changes.
public struct Thumbnailer: Sendable {
    /// What happened to one picture.
    public enum Outcome: Hashable, Sendable {
        /// A thumbnail was made and stored.
        case made
        /// The cache held a fresh one already.
        case cached
        /// It failed before, with the file as it is now: why, in one line (as when it failed now).
        case failedBefore(String)
        /// It failed now: why, in one line.
        case failed(String)
        /// It was made, but the cache could not store it (a full disk, a read-only folder): why.
        case cacheUnwritable(String)
    }

    /// The cache it fills.
    public let cache: ThumbnailCache
    /// The size it fills.
    public let size: ThumbnailCache.Size
    private let pool: WorkerPool

    /// A thumbnailer for `cache` at `size`, on `threads` threads (default: every core).
    public init(cache: ThumbnailCache, size: ThumbnailCache.Size, threads: Int? = nil) {
        self.cache = cache
        self.size = size
        pool = WorkerPool.shared(workers: threads ?? ParallelChunks.processorCount)
    }

    /// Thumbnails `paths`, a batch at a time on every thread; `progress` hears after each batch how many
    /// are done and what happened to each so far. Returns the outcome of each, in order; it stops
    /// after the batch in which the cache could not be written, or once `stopping` says so (asked
    /// between batches, so every file written is whole), and returns only those done.
    public func run(
        _ paths: [String], stopping: () -> Bool = { false },
        progress: (_ done: Int, _ outcomes: ArraySlice<Outcome>) -> Void = { _, _ in }
    ) -> [Outcome] {
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(paths.count)
        let batch = max(1, pool.workers * 4)
        while outcomes.count < paths.count && !stopping() {
            let batchPaths = paths[outcomes.count..<min(paths.count, outcomes.count + batch)]
            let made = ParallelChunks(pool: pool).map(count: batchPaths.count) { index in
                thumbnail(batchPaths[batchPaths.startIndex + index])
            }
            outcomes += made
            progress(outcomes.count, outcomes[(outcomes.count - made.count)...])
            if made.contains(where: { if case .cacheUnwritable = $0 { true } else { false } }) { break }
        }
        return outcomes
    }

    /// Makes the thumbnail of one picture, unless the cache has it or it failed before: the viewer's
    /// own path through the cache.
    public func thumbnail(_ path: String) -> Outcome {
        do {
            let made = try cache.thumbnail(of: try PictureFile(path: path), size: size)
            if let problem = made.storeProblem { return .cacheUnwritable(problem) }
            return made.decoded ? .made : .cached
        } catch {
            if case .recorded = error { return .failedBefore(error.message(path: path)) }
            return .failed(error.message(path: path))
        }
    }
}
