import CellscapeLayout
import CellscapeRender
import Foundation

/// Reads pictures' headers and decodes their thumbnails on worker threads, so the main thread never
/// reads a file or decodes: finished work waits in an outbox, and a byte written to a pipe wakes the
/// main loop's `poll()` (``wakeDescriptor``).
///
/// Headers are read in order, so the layout can place items as their sizes arrive. Thumbnail requests
/// carry a priority (lower first): those below ``onScreen`` (what the window shows) go before the
/// headers still to read, so a large folder's scan never holds up the first screen; the rest after
/// them. Before a worker starts one it asks ``isWanted`` again, so work for a tile scrolled far away
/// is dropped before it starts. Images at the window's size borrow their memory from a pool, so
/// opening picture after picture reuses the same few blocks, and each thumbnail has a mapping of its
/// own: the viewer's resident memory stays flat however long it runs.
public final class PictureLoader: @unchecked Sendable {
    /// What a worker finished.
    public enum Result {
        /// The header of picture `index`, or why it could not be read.
        case header(index: Int, PictureHeader?, problem: String?)
        /// The thumbnail of picture `index` fitting `side` pixels, or why it could not be made.
        case thumbnail(index: Int, side: Int, Framebuffer?, problem: String?)
        /// The next frames of animation `index` at `side`, in playing order (after the last comes the
        /// first again); `count` once the animation was decoded to its end, `plays` nil for ever.
        case frames(index: Int, side: Int, [AnimationFrame], count: Int?, plays: Int?, problem: String?)
        /// The part `region` of picture `index` at `scale` (window pixels per picture pixel), or why not.
        case region(index: Int, PictureRegion, scale: Double, Framebuffer?, problem: String?)
        /// The shared disk cache could not take a thumbnail (said once; the pictures still show).
        case cacheProblem(String)
        /// The listing asked of ``PictureLoader/list(_:recursive:order:descending:)`` ended: its pictures were appended; what else
        /// it found.
        case listed(PictureFiles)
    }

    /// Requests of a lower priority than this are for what the window shows now.
    public static let onScreen = 1 << 40
    /// How many headers are read before any thumbnail: more than a first screen of tiles holds.
    static let firstHeaders = 128

    /// The queue, the jobs and the workers, which outlive the loader by the job in hand.
    let core: LoaderCore

    /// A loader of `paths` on `threads` workers, reading and filling `diskCache` when given (grid
    /// thumbnails of up to 1024 px, at the standard size at or above theirs).
    /// When `paused`, no worker starts a job until ``PictureLoader/setPaused(_:)`` lets them.
    public init(paths: [String], threads: Int = 2, diskCache: ThumbnailCache? = nil, paused: Bool = false) {
        core = LoaderCore(paths: paths, threads: threads, diskCache: diskCache, paused: paused)
    }

    deinit { core.stop() }

    /// The pictures, in their current order.
    public var paths: [String] { core.paths }

    /// How many pictures there are so far.
    public var count: Int { core.count }

    /// Lists `arguments` (files and folders, as ``PictureFiles`` does) on a thread of its own and
    /// appends the pictures found; a ``Result/listed(_:)`` follows. The window need not wait for a
    /// folder of 100,000 to be read and sorted. In name order (the default) the pictures join in
    /// batches as the folders are read (``PictureFiles/batchInterval``); in another, when all are.
    public func list(
        _ arguments: [String], recursive: Bool, order: PictureFiles.Order = .name, descending: Bool = false
    ) {
        let core = self.core
        let thread = Thread {
            // In name order the pictures join as they are found; another order is known at the end.
            guard order == .name && !descending else {
                let found = PictureFiles(arguments, recursive: recursive, order: order, descending: descending)
                return core.finishListing(found, appended: 0)
            }
            var appended = 0
            let found = PictureFiles(arguments, recursive: recursive) { batch in
                core.appendListed(batch)
                appended += batch.count
            }
            core.finishListing(found, appended: appended)
        }
        thread.start()
    }

    /// Appends pictures (files that appeared in a folder shown): their headers are read after those
    /// still waiting, and they take the next indices.
    public func append(paths: [String]) { core.append(paths: paths) }

    /// Puts the first `known` pictures in a new order: `kept[position]` is the position now of the
    /// picture that goes there; those left out are dropped, their work given up or its results let
    /// go. Pictures appended after the first `known` (a listing that goes on) follow in their order.
    /// Every index asked or answered after it is a position in the new order.
    public func rearrange(_ kept: [Int], known: Int) { core.rearrange(kept, known: known) }

    /// Reads picture `index`'s header again (its file changed): a new ``Result/header(index:_:problem:)`` follows, and
    /// thumbnails asked for later are decoded anew.
    public func reread(index: Int) { core.reread(index: index) }
    /// The end of the pipe the main loop polls; readable while results wait.
    public var wakeDescriptor: Int32 { core.wakeDescriptor }
    /// Whether a thumbnail is still wanted, asked on a worker just before it starts (the main thread
    /// sets it; it must be safe to call from any thread).
    public var isWanted: @Sendable (_ index: Int, _ side: Int) -> Bool {
        get { core.isWanted }
        set { core.isWanted = newValue }
    }

    /// Asks for the thumbnail of picture `index` fitting `side` pixels; a request already made is not
    /// made twice until its result is taken, but asked again with a better priority (a tile first
    /// asked for a screen ahead, now on screen) it takes that one. One `forWindow` (an open picture or
    /// its neighbours, at the window's size) has its memory lent by the loader's pool.
    public func requestThumbnail(index: Int, side: Int, priority: Int, forWindow: Bool = false) {
        core.requestThumbnail(index: index, side: side, priority: priority, forWindow: forWindow)
    }

    /// Asks for the next `count` frames of animation `index` (a GIF or WebP) shrunk to fit `side`
    /// pixels: one worker at a time decodes an animation, in order, starting over after its last
    /// frame, until ``stopFrames(index:side:)``. Asked again before a worker took it, the counts add up
    /// and the better priority holds.
    public func requestFrames(index: Int, side: Int, count: Int, priority: Int) {
        core.requestFrames(index: index, side: side, count: count, priority: priority)
    }

    /// Stops decoding animation `index` at `side` and lets go of its decoder (a tile scrolled away).
    public func stopFrames(index: Int, side: Int) {
        core.stopFrames(index: index, side: side)
    }

    /// Asks for the part `region` of picture `index` (upright pixels) at `scale` (at most 1), its
    /// memory lent by the window's pool: what the image view shows of a picture zoomed past the window.
    /// It replaces a region of that picture asked for before and not yet started.
    public func requestRegion(index: Int, region: PictureRegion, scale: Double) {
        core.requestRegion(index: index, region: region, scale: scale)
    }

    /// Everything finished since the last call, in the order it finished; drains the wake pipe.
    public func takeResults() -> [Result] { core.takeResults() }

    /// Blocks until `count` results have been taken or `seconds` pass; for tools and tests without a loop.
    public func waitForResults(count: Int, seconds: Double) -> [Result] {
        core.waitForResults(count: count, seconds: seconds)
    }

    /// Sleeps until a result waits or `milliseconds` pass.
    public func waitForWake(milliseconds: Int32) { core.waitForWake(milliseconds: milliseconds) }

    /// Holds the workers before their next job (`true`) or lets them go on (a window hidden, or a test
    /// that lines its requests up first).
    public func setPaused(_ paused: Bool) { core.setPaused(paused) }
}
