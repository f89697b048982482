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
    /// The order the pictures show in.
    public internal(set) var order = PictureOrder()
    /// What is known of each picture, by id (``PictureCatalog``).
    var catalog = PictureCatalog()
    /// What the window should say, until taken (``takeMessages()``).
    var messages: [String] = []
    /// How many of the pictures shown have their header (read or broken).
    public internal(set) var headersArrived = 0
    /// What the listing was asked and found (``FeedListing``).
    var listing = FeedListing()
    /// The thumbnails kept, bounded in bytes with the animations' frames (``ThumbnailStore``).
    var thumbnails: ThumbnailStore
    /// What the sort goes by (``FeedSorting``).
    var sortKeys = FeedSorting()
    /// What changed at the last ``takeResults()`` (``FeedChanges``).
    var changes = FeedChanges()
    /// Counts kept until what they count changes (``FeedCounts``).
    var counted = FeedCounts()
    /// The watched folders' state between their events (``LiveFolderSync``).
    var live = LiveFolderSync()
    /// The clock of the feed's timed decisions; a test moves its own.
    public var clock = FeedClock.monotonic
    /// Pictures that joined a watched folder, shown once their headers arrive, where the order puts them.
    var joining = Set<PictureID>()
    /// Each picture's id by path, for the pictures shown or joining; made when first needed.
    var idByPath: [String: PictureID]?
    /// The pictures the last move to the trash took, with where each was: `z` may bring them back, so
    /// what was read of them stays until then (``restore(_:)``).
    var setAside: [PictureID: Int] = [:]
    /// How many of the loader's pictures the feed has taken in.
    var known = 0
    /// The animations playing (``AnimationPlayer``).
    var player = AnimationPlayer()
    /// Whether every animation is paused (a key).
    public var animationsPaused: Bool { player.isPaused }
    /// Where each problem is said, once per picture.
    private let report: (String) -> Void
    let wanted = WantedPictures()
    /// The open picture's images: at the window's size, and the part zoomed past it (``OpenPictureImages``).
    var open = OpenPictureImages()

    /// A feed of `paths`, loading on `threads` workers through `diskCache` if given, keeping at most
    /// `memoryBytes` of thumbnails; `report` hears each problem once.
    public init(
        paths: [String], threads: Int = 2, diskCache: ThumbnailCache?, memoryBytes: Int,
        report: @escaping (String) -> Void
    ) {
        loader = PictureLoader(paths: paths, threads: threads, diskCache: diskCache)
        thumbnails = ThumbnailStore(bound: memoryBytes)
        self.report = report
        let wanted = self.wanted
        loader.isWanted = { id, _ in wanted.contains(id) }
        takeAppended()
    }

    /// A feed whose pictures `arguments` (files and folders) name, listed on a thread of their own:
    /// the window shows at once and the pictures join as the listing ends, its problems said through
    /// `report`. When `watching`, the folders listed are watched then.
    public convenience init(
        listing arguments: [String], recursive: Bool, order: PictureFiles.Order = .name, descending: Bool = false,
        threads: Int = 2, diskCache: ThumbnailCache?, memoryBytes: Int, watching: Bool = false,
        report: @escaping (String) -> Void
    ) {
        self.init(paths: [], threads: threads, diskCache: diskCache, memoryBytes: memoryBytes, report: report)
        listing.isRunning = true
        listing.watchesFolders = watching
        listing.isRecursive = recursive
        (sortKeys.order, sortKeys.descending) = (order, descending)
        if order == .name && !descending { sortKeys.nameRanks = [] }
        if let first = arguments.first {
            let path = URL(fileURLWithPath: first).standardizedFileURL.path
            listing.firstFolderName = path == "/" ? "/" : (path as NSString).lastPathComponent
        }
        if recursive { listing.foldersGiven = arguments.map(PictureFiles.absolute) }
        loader.list(arguments, recursive: recursive, order: order, descending: descending)
    }

    /// How many pictures show.
    public var count: Int { order.count }

    /// The paths of the pictures shown, in order.
    public var paths: [String] { order.ids.map(path(of:)) }

    /// The name of the folder the pictures are in (the innermost one holding them all), for the
    /// window's title.
    public var folderName: String {
        if let kept = counted.folderName, kept.count == count { return kept.name }
        let name = count == 0 ? listing.firstFolderName : Self.folderName(of: paths)
        counted.folderName = (count, name)
        return name
    }

    private static func folderName(of paths: [String]) -> String {
        let folders = paths.map { ($0 as NSString).deletingLastPathComponent }
        var common = folders.first ?? "/"
        for folder in folders.dropFirst() where folder != common && !folder.hasPrefix(common + "/") {
            while !(folder == common || folder.hasPrefix(common + "/")) && common != "/" && !common.isEmpty {
                common = (common as NSString).deletingLastPathComponent
            }
        }
        return common.isEmpty || common == "/" ? "/" : (common as NSString).lastPathComponent
    }

    /// Waits until every header has arrived (read or broken), a listing's included. A recorded or
    /// replayed session starts with the whole feed laid out, so what it does cannot depend on how fast
    /// the headers came.
    public func waitForAllHeaders() {
        takeResults()
        while listing.isRunning || headersArrived < count || !joining.isEmpty {
            loader.waitForWake(milliseconds: 100)
            takeResults()
        }
    }

    /// Takes what the workers finished; returns whether anything that shows changed.
    @discardableResult
    public func takeResults() -> Bool {
        takeAppended()
        let folderChanged = takeFolderChanges()
        let sourcesGave = takeFromSources()
        let results = loader.takeResults()
        takeAppended()
        changes.arrivals.removeAll(keepingCapacity: true)
        changes.resized.removeAll(keepingCapacity: true)
        var changed = folderChanged || sourcesGave
        for result in results where take(result) { changed = true }
        if placeJoined() { changed = true }
        if sortKeys.isWanted && headersArrived == count && !listing.isRunning {
            applySort()
            changed = true
        }
        return changed
    }

    /// Takes one result; returns whether what shows changed.
    private func take(_ result: PictureLoader.Result) -> Bool {
        switch result {
        case .header(let id, let header, let problem):
            let size =
                header.map { Size(width: Double($0.width), height: Double($0.height)) } ?? Size(width: 1, height: 1)
            if live.rereading.remove(id) != nil, catalog.sizes[id] != size {
                // Its file rewritten at another size: laid out again at it.
                catalog.sizes[id] = size
                changes.resized.append(id)
            }
            markArrived(id, size: size)
            catalog.headers[id] = header
            if let problem { markBroken(id, problem) }
        case .thumbnail(let id, let side, let thumbnail, let problem):
            if let problem, thumbnail != nil { catalog.notes[id] = problem }
            if let thumbnail {
                // One made for the tiles' last size serves until the one for their size now arrives.
                if side == gridSide(of: id) || !(thumbnails.memory.contains(id) || open.viewsWanted.contains(id)) {
                    thumbnails.insert(thumbnail, for: id, side: side)
                    changes.arrivals.append(id)
                } else if open.viewsWanted.contains(id),
                    open.viewSide.map({ $0 == (id, side) }) ?? false || open.views[id] == nil
                {
                    open.views[id] = (side, thumbnail)
                }
            }
            if let problem, thumbnail == nil { markBroken(id, problem) }
        case .frames(let id, let side, let frames, let count, let plays, let problem):
            // Frames decoded ahead change nothing on screen until their time comes: only a first frame does.
            let shown = player.playing[id]?.current
            receiveFrames(
                frames, id: id, side: side, count: count, plays: plays, problem: problem, now: clock.now)
            return player.playing[id]?.current != shown || problem != nil
        case .region(let id, let part, let scale, let image, let problem):
            if let image, open.viewsWanted.contains(id) { open.heldRegion = (id, part, scale, image) }
            if let problem {
                image == nil ? report(problem.message(path: path(of: id))) : (catalog.notes[id] = problem)
            }
        case .cacheProblem(let problem): report(problem)
        case .listed(let found):
            listing.isRunning = false
            listing.endedAt = clock.now
            if let ranks = found.nameRanks, found.paths.count == known, sortKeys.nameRanks == nil {
                sortKeys.nameRanks = ranks
            }
            listing.skippedFiles += found.skipped
            listing.picturesInSubfolders = found.picturesInSubfolders
            for problem in found.problems { report(problem) }
            if listing.watchesFolders { watch(folders: found.folders, recursive: listing.isRecursive) }
        case .found(let found): takeFound(found)
        }
        return true
    }

    /// Takes the pictures a listing appended since the last look: they show at the end, in the
    /// order listed.
    func takeAppended() {
        let total = loader.count
        guard total > known else { return }
        let ids = (known..<total).map(PictureID.init)
        catalogue(known..<total)
        if listing.joinsAround != nil {
            known = total
            return join(listed: ids)
        }
        order.append(ids)
        if var ranks = sortKeys.nameRanks, ranks.count == known {
            ranks += known..<total  // a listing by name appends in name order
            sortKeys.nameRanks = ranks
        } else {
            sortKeys.nameRanks = nil
        }
        if idByPath != nil { for id in ids { idByPath?[path(of: id)] = id } }
        known = total
    }

    /// Reads the paths of the pictures `ids` (just joined) into the catalog, in one look.
    func catalogue(_ ids: Range<Int>) {
        guard !ids.isEmpty else { return }
        for (id, path) in zip(ids, loader.paths(of: ids)) { catalog.paths[PictureID(id)] = path }
    }

    /// The path of picture `id`, from the feed's own table.
    func path(of id: PictureID) -> String { catalog.paths[id] ?? loader.path(of: id) }

    /// Counts picture `id`'s header as arrived, its tile `size` (unless a size came before: a source's
    /// stays, so the tile does not move when the pixels arrive).
    func markArrived(_ id: PictureID, size: Size) {
        guard catalog.sizes[id] == nil else { return }
        catalog.sizes[id] = size
        if order.contains(id) { headersArrived += 1 }
    }

    func markBroken(_ id: PictureID, _ problem: PictureProblem) {
        guard catalog.broken.insert(id).inserted else { return }
        catalog.problems[id] = problem
        report(problem.message(path: path(of: id)))
    }
}
