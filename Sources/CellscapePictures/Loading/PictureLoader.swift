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
public final class PictureLoader: Sendable {
    /// What a worker finished.
    public enum Result: Sendable {
        /// The header of picture `id`, or why it could not be read.
        case header(id: PictureID, PictureHeader?, problem: PictureProblem?)
        /// The thumbnail of picture `id` fitting `side` pixels, or why it could not be made.
        case thumbnail(id: PictureID, side: Int, PixelImage?, problem: PictureProblem?)
        /// The next frames of animation `id` at `side`, in playing order (after the last comes the
        /// first again); `count` once the animation was decoded to its end, `plays` nil for ever.
        case frames(id: PictureID, side: Int, [AnimationFrame], count: Int?, plays: Int?, problem: PictureProblem?)
        /// The part `region` of picture `id` at `scale` (window pixels per picture pixel), or why not.
        case region(id: PictureID, PictureRegion, scale: Double, PixelImage?, problem: PictureProblem?)
        /// The shared disk cache could not take a thumbnail (said once; the pictures still show).
        case cacheProblem(String)
        /// The pictures ``PictureLoader/find(_:recursive:)`` found in folders (nothing appended).
        case found(PictureFiles)
    }

    /// The most reads of held pictures' bytes under way at once (a feed's downloads: more would only
    /// share the link, and leave the tiles in view later); the requests past them wait in order of
    /// priority, and a worker or two may start one more each before they see the count.
    public static let readsAtOnce = 8

    /// Requests of a lower priority than this are for what the window shows now.
    public static let onScreen = 1 << 40
    /// The largest side a picture is asked for at (a side and an id make one key); larger asks get this.
    public static let largestSide = (1 << 20) - 1
    /// How many headers are read before any thumbnail: more than a first screen of tiles holds.
    static let firstHeaders = 128

    /// The queue, the jobs and the workers, which outlive the loader by the job in hand.
    let core: LoaderCore

    /// A loader of `paths` on `threads` workers, reading and filling `diskCache` when given (grid
    /// thumbnails of up to 1024 px, at the standard size at or above theirs).
    /// When `paused`, no worker starts a job until ``PictureLoader/setPaused(_:)`` lets them.
    public init(
        paths: [String], threads: Int = 2, diskCache: ThumbnailCache? = nil, headerIndex: HeaderIndex? = nil,
        paused: Bool = false
    ) {
        core = LoaderCore(
            paths: paths, threads: threads, diskCache: diskCache, headerIndex: headerIndex, paused: paused)
    }

    deinit {
        core.stop()
        // What was learnt and not yet written is written as the loader goes.
        core.headerReader.index?.flush()
    }

    /// How many requests, stops and changes of order its callers made so far.
    var requestsMade: Int { core.locked { $0.requestsMade } }

    /// How many pictures have joined so far: their ids are `0..<count`.
    public var count: Int { core.count }

    /// The path of picture `id`.
    public func path(of id: PictureID) -> String { core.path(id) }

    /// The paths of the pictures `ids`, in one look: the feed keeps its own table of names, so the main
    /// thread does not take the loader's lock for each.
    public func paths(of ids: Range<Int>) -> [String] { core.paths(ids) }

    /// Lists the pictures of `folders` (and their subfolders when `recursive`) on a thread of its own
    /// and hands them over as ``Result/found(_:)``, appending nothing: what a folder holds now, to
    /// compare with what shows (a folder made later, or an overflowed watch).
    public func find(_ folders: [String], recursive: Bool) {
        let core = self.core
        Thread { core.deliver(.found(PictureFiles(folders, recursive: recursive))) }.start()
    }

    /// Wakes the main loop's `poll()` on ``wakeDescriptor``, as a result does: a source whose pictures
    /// arrived on a thread of its own says so this way.
    public func wakeMainLoop() { core.wakeMainLoop() }

    /// Appends pictures (files that appeared in a folder shown), which take the next ids; their
    /// headers are read after those still waiting. Returns their ids.
    @discardableResult
    public func append(paths: [String]) -> [PictureID] { core.append(paths: paths) }

    /// Appends pictures whose bytes a source holds (``PictureBytes``), after the others; returns their
    /// ids. Their headers are read from those bytes, their thumbnails decoded from them.
    @discardableResult
    public func append(held pictures: [PictureBytes]) -> [PictureID] { core.append(held: pictures) }

    /// The bytes a source holds for picture `id`, if it is such a picture.
    public func heldBytes(of id: PictureID) -> PictureBytes? { core.location(id).held }

    /// Reads the headers still to read in the order of `ids` (the order the pictures show in), those
    /// not named after them: the layout places pictures as a prefix of the order.
    public func readHeaders(inOrderOf ids: [PictureID]) { core.readHeaders(inOrderOf: ids) }

    /// Gives up every piece of work for the pictures `ids` (gone from the folder, or to the trash):
    /// nothing is asked or answered for them again.
    public func forget(_ ids: some Sequence<PictureID>) { core.forget(ids) }

    /// Has a worker give the heap's free pages back to the system (``PictureMemory/giveBack()``): what
    /// a large folder's listing needed for a while, once it is settled.
    public func giveBackFreeMemory() { core.giveBackFreeMemory() }

    /// How many times a worker gave the heap's free pages back.
    public var memoryGivenBack: Int { core.memoryGivenBack }

    /// Thumbnails decoded for tiles and not yet in the shared cache: a worker stores them once no
    /// other work waits (or 32 wait), before it hands over the result that empties its queue.
    public var thumbnailsUnsaved: Int { core.thumbnailStores.unsaved }

    /// How many thumbnails were handed over before they were stored, so far.
    public var thumbnailsSavedLater: Int { core.thumbnailStores.savedLater }

    /// Reads picture `id`'s header again (its file changed): a new ``Result/header(id:_:problem:)``
    /// follows, and thumbnails asked for later are decoded anew.
    public func reread(_ id: PictureID) { core.reread(id) }
    /// The end of the pipe the main loop polls; readable while results wait.
    public var wakeDescriptor: Int32 { core.wakeDescriptor }
    /// Whether a thumbnail is still wanted, asked on a worker just before it starts (the main thread
    /// sets it; it must be safe to call from any thread).
    public var isWanted: @Sendable (_ id: PictureID, _ side: Int) -> Bool {
        get { core.isWanted }
        set { core.isWanted = newValue }
    }

    /// Asks ``isWanted`` again of the thumbnails being read from a source (a download) and cancels
    /// the reads of those no longer wanted; call it when what ``isWanted`` answers changed.
    public func wantedChanged() { core.cancelUnwantedReads() }

    /// Asks for the thumbnail of picture `id` fitting `side` pixels; a request already made is not
    /// made twice until its result is taken, but asked again with a better priority (a tile first
    /// asked for a screen ahead, now on screen) it takes that one. One `forWindow` (an open picture or
    /// its neighbours, at the window's size) has its memory lent by the loader's pool.
    public func requestThumbnail(_ id: PictureID, side: Int, priority: Int, forWindow: Bool = false) {
        core.requestThumbnail(id, side: min(side, Self.largestSide), priority: priority, forWindow: forWindow)
    }

    /// Asks for the next `count` frames of animation `id` (a GIF or WebP) shrunk to fit `side`
    /// pixels: one worker at a time decodes an animation, in order, starting over after its last
    /// frame, until ``stopFrames(_:side:)``. Asked again before a worker took it, the counts add up
    /// and the better priority holds.
    public func requestFrames(_ id: PictureID, side: Int, count: Int, priority: Int) {
        core.requestFrames(id, side: min(side, Self.largestSide), count: count, priority: priority)
    }

    /// Asks for `count` frames of video `id` at `side` from the one that shows at `milliseconds` from
    /// its start (each frame's ``AnimationFrame/start`` says so); the frames asked before and not yet
    /// decoded go. Frames asked after it follow on from there.
    public func seekFrames(_ id: PictureID, side: Int, to milliseconds: Int, count: Int, priority: Int) {
        core.seekFrames(
            id, side: min(side, Self.largestSide), to: max(0, milliseconds), count: count, priority: priority)
    }

    /// Stops decoding animation `id` at `side` and lets go of its decoder (a tile scrolled away).
    public func stopFrames(_ id: PictureID, side: Int) {
        core.stopFrames(id, side: min(side, Self.largestSide))
    }

    /// Asks for the part `region` of picture `id` (upright pixels) at `scale` (at most 1), its memory
    /// lent by the window's pool: what the image view shows of a picture zoomed past the window. It
    /// replaces a region of that picture asked for before and not yet started.
    public func requestRegion(_ id: PictureID, region: PictureRegion, scale: Double) {
        core.requestRegion(id, region: region, scale: scale)
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
