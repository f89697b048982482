import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// The pictures a waterfall shows, on the main thread's side of a `PictureLoader`: the headers known
/// so far, the thumbnails kept in memory, and which pictures are broken (each said once on stderr).
///
/// Every picture keeps one `PictureID` for the session, and everything known of it is kept by that
/// id; ``order`` alone says where it shows. The feed's callers speak of positions in that order.
public final class PictureFeed {
    /// The loader whose results it takes; poll its `wakeDescriptor`.
    public let loader: PictureLoader
    /// Who is in the feed and where (``FeedMembers``): the catalog, the order, the sources.
    let members: FeedMembers
    /// The thumbnails kept, bounded in bytes with the animations' frames (``ThumbnailStore``).
    var thumbnails: ThumbnailStore
    /// What changed at the last ``takeResults()`` (``FeedChanges``).
    var changes = FeedChanges()
    /// The animations of its pictures (``FeedAnimations``).
    public private(set) lazy var animations = FeedAnimations(feed: self)
    /// The pictures whose work the loader should do.
    let wanted = WantedPictures()
    /// The open picture's images: at the window's size, and the part zoomed past it (``OpenPictureImages``).
    var open = OpenPictureImages()
    /// The fewest pictures a listing gives for its memory to be given back once laid out: a small
    /// folder's is little, and a walk of the heap for it would be wasted.
    var givesBackMemoryFrom = 10_000

    /// The order the pictures show in.
    public var order: PictureOrder { members.order }
    /// What is known of each picture, by id.
    var catalog: PictureCatalog { members.catalog }
    /// How many of the pictures shown have their header (read or broken).
    public var headersArrived: Int { members.headersArrived }
    /// The clock of the feed's timed decisions; a test moves its own.
    public var clock: FeedClock {
        get { members.clock }
        set { members.clock = newValue }
    }

    /// A feed of `paths` (read as a ``PathsSource``), loading on `threads` workers through `diskCache`
    /// if given, keeping at most `memoryBytes` of thumbnails; `report` hears each problem once.
    public init(
        paths: [String], threads: Int = 2, diskCache: ThumbnailCache?, headerIndex: HeaderIndex? = nil,
        memoryBytes: Int, report: @escaping (String) -> Void
    ) {
        loader = PictureLoader(paths: [], threads: threads, diskCache: diskCache, headerIndex: headerIndex)
        members = FeedMembers(loader: loader, report: report)
        thumbnails = ThumbnailStore(bound: memoryBytes)
        let wanted = self.wanted
        loader.isWanted = { id, _ in wanted.contains(id) }
        members.letGo = { [unowned self] ids, why in letGo(ids, why) }
        if !paths.isEmpty { members.read(PathsSource(paths: paths)) }
    }

    /// A feed whose pictures `arguments` (files and folders) name, listed on a thread of their own:
    /// the window shows at once and the pictures join as the listing ends, its problems said through
    /// `report`. When `watching`, the folders listed are watched then.
    public convenience init(
        listing arguments: [String], recursive: Bool, order: PictureFiles.Order = .name, descending: Bool = false,
        threads: Int = 2, diskCache: ThumbnailCache?, headerIndex: HeaderIndex? = nil, memoryBytes: Int,
        watching: Bool = false, report: @escaping (String) -> Void
    ) {
        self.init(
            paths: [], threads: threads, diskCache: diskCache, headerIndex: headerIndex, memoryBytes: memoryBytes,
            report: report)
        members.list(arguments, recursive: recursive, order: order, descending: descending, watching: watching)
    }

    /// How many pictures show.
    public var count: Int { order.count }

    /// The paths of the pictures shown, in order.
    public var paths: [String] { order.ids.map(members.path(of:)) }

    /// Wakes the loop that waits for the feed's results (from any thread).
    public var wakeLoop: @Sendable () -> Void { { [loader] in loader.wakeMainLoop() } }

    /// Each picture's address in order: a file's path, a remote item's page (what `-o` prints).
    public var addresses: [String] { order.ids.map(address(of:)) }

    /// Picture `id`'s address: its file's path, or the page a browser shows a remote item on.
    func address(of id: PictureID) -> String {
        catalog[id]?.details?.page?.absoluteString ?? path(of: id)
    }
    /// The name of the folder the pictures are in (the innermost one holding them all), for the
    /// window's title.
    public var folderName: String { members.folderName }

    /// Waits until every header has arrived (read or broken), a listing's included. A recorded or
    /// replayed session starts with the whole feed laid out, so what it does cannot depend on how fast
    /// the headers came.
    public func waitForAllHeaders() {
        takeResults()
        while !members.isSettled {
            loader.waitForWake(milliseconds: 100)
            takeResults()
        }
    }

    /// Waits until no source waits for pictures it asked for (a feed's page), at most `timeout` seconds.
    public func waitForSources(timeout: Double = 120) {
        takeResults()
        CallerWait.until(timeout: timeout) {
            !sourcesLoading
        } step: {
            loader.waitForWake(milliseconds: 50)
            takeResults()
        }
        takeResults()
    }

    /// Takes what the workers finished; returns whether anything that shows changed.
    @discardableResult
    public func takeResults() -> Bool {
        // Only the members append to the loader (the listing is a source), and they take what they
        // append: nothing to look for in the loader here.
        let folderChanged = members.takeFolderChanges()
        let listed = members.takeListing()
        let sourcesGave = members.takeFromSources() || listed
        let results = loader.takeResults()
        changes.removeAll()
        var changed = folderChanged || sourcesGave
        for result in results where take(result) { changed = true }
        if members.placeJoined() { changed = true }
        if members.sortIfWanted() { changed = true }
        return changed
    }

    /// Told by the grid once it laid out every picture: when the listing is done and every header
    /// arrived as well, what they needed for a while (a million names sorted, results on their way, the
    /// grid's growth) is given back to the system, once a listing of 10,000 pictures or more.
    public func laidOutWhole() {
        guard !members.listing.gaveBackMemory && members.listing.endedAt != nil && members.isSettled,
            count >= givesBackMemoryFrom
        else { return }
        members.listing.gaveBackMemory = true
        loader.giveBackFreeMemory()
    }

    /// Takes one result; returns whether what shows changed.
    private func take(_ result: PictureLoader.Result) -> Bool {
        switch result {
        case .header(let id, let header, let problem):
            if members.take(header: header, problem: problem, of: id) { changes.resized.append(id) }
        case .thumbnail(let id, let side, let thumbnail, let problem):
            take(thumbnail: thumbnail, side: side, problem: problem, of: id)
        case .frames(let id, let side, let frames, let count, let plays, let problem):
            // Frames decoded ahead change nothing on screen until their time comes: only a first frame does.
            let shown = animations.player.playing[id]?.current
            animations.receiveFrames(
                frames, id: id, side: side, count: count, plays: plays, problem: problem, now: clock.now)
            return animations.player.playing[id]?.current != shown || problem != nil
        case .region(let id, let part, let scale, let image, let problem):
            if let image, open.viewsWanted.contains(id) { open.heldRegion = (id, part, scale, image) }
            if let problem {
                image == nil
                    ? members.report(problem.message(path: members.path(of: id)))
                    : (members.catalog[id]?.note = problem)
            }
        case .cacheProblem(let problem): members.report(problem)
        case .found(let found): members.takeFound(found)
        }
        return true
    }

    /// Takes a thumbnail decoded for picture `id` at `side` (nil when it failed, saying why).
    private func take(thumbnail: PixelImage?, side: Int, problem: PictureProblem?, of id: PictureID) {
        if let problem, thumbnail != nil { members.catalog[id]?.note = problem }
        if let thumbnail {
            // One made for the tiles' last size serves until the one for their size now arrives.
            if side == gridSide(of: id) || !(thumbnails.memory.contains(id) || open.viewsWanted.contains(id)) {
                thumbnails.insert(thumbnail, for: id, side: side)
                changes.arrivals.append(id)
            } else {
                open.take(thumbnail, side: side, for: id)
            }
        }
        guard let problem, thumbnail == nil else { return }
        if problem.isTransient {
            members.catalog.unavailable.insert(id)
        } else {
            members.markBroken(id, problem)
        }
    }

    /// Lets go of what shows of the pictures `ids`, for `why` (``FeedMembers/LetGo``).
    private func letGo(_ ids: Set<PictureID>, _ why: FeedMembers.LetGo) {
        switch why {
        case .left:
            for id in ids { thumbnails.forget(id) }
            animations.player.forget(ids)
            open.forget(ids)
        case .setAside:
            for id in ids {
                // As `play` stops what scrolled away: the worker decoding its frames lets its decoder go.
                if let animation = animations.player.playing.removeValue(forKey: id) {
                    loader.stopFrames(id, side: animation.side)
                }
                open.views[id] = nil
            }
        case .reread:
            for id in ids {
                thumbnails.memory.remove(id)
                open.views[id] = nil
            }
        }
    }

    /// The path of picture `id`.
    func path(of id: PictureID) -> String { members.path(of: id) }
}
