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
    /// How many other files were passed over when the pictures were collected (the HUD says so).
    public var skippedFiles = 0
    /// When the folders listed hold no picture, how many their subfolders hold (what `-r` would show).
    public internal(set) var picturesInSubfolders = 0
    /// The folders given with `-r`, as absolute paths: the bar names a picture from the one it is in.
    public var foldersGiven: [String] = []
    /// How many of the pictures shown have their header (read or broken).
    public internal(set) var headersArrived = 0
    /// Decoded thumbnails, bounded in bytes.
    var memory: ThumbnailMemory
    /// The grid's tile width in pixels: each thumbnail is made at its tile's own size (``gridSide(of:)``).
    public internal(set) var tileWidth = 256.0
    /// The side each thumbnail in ``memory`` was made to fit, by picture.
    var thumbnailSides: [PictureID: Int] = [:]
    /// The pictures whose grid thumbnails arrived at the last ``takeResults()``.
    var arrivalIDs: [PictureID] = []
    /// The pictures whose size changed at the last ``takeResults()`` (a file rewritten).
    var resizedIDs: [PictureID] = []
    /// The watched folders' state between their events (``LiveFolderSync``).
    var live = LiveFolderSync()
    /// The clock of the feed's timed decisions; a test moves its own.
    public var clock = FeedClock.monotonic
    /// Pictures whose header is read again, their file having changed.
    var rereading = Set<PictureID>()
    /// Pictures that joined a watched folder, shown once their headers arrive, where the order puts them.
    var joining = Set<PictureID>()
    /// Each picture's id by path, for the pictures shown or joining; made when first needed.
    var idByPath: [String: PictureID]?
    /// The picture given alone, its folder's pictures joining around it (`PictureFeed+Opening.swift`).
    var listingJoinsAround: String?
    /// The order the pictures are sorted in, and a sort asked before every header had arrived.
    var sorting: (order: PictureFiles.Order, descending: Bool) = (.name, false)
    var sortWanted = false
    /// Each picture's rank in name order by id, once known: a listing by name gives the ids in name
    /// order, another listing gives the ranks, a sort works them out when it first needs them.
    var nameRanks: [Int]?
    /// The last count of the broken pictures shown, with the versions of the order and of ``broken``.
    var brokenCounted: (version: Int, broken: Int, count: Int)?
    /// The pictures the last move to the trash took, with where each was: `z` may bring them back, so
    /// what was read of them stays until then (``restore(_:)``).
    var setAside: [PictureID: Int] = [:]
    /// How many of the loader's pictures the feed has taken in.
    var known = 0
    /// Whether a listing still runs
    /// (``init(listing:recursive:order:descending:threads:diskCache:memoryBytes:watching:report:)``).
    public internal(set) var isListing = false
    /// When the listing ended (monotonic nanoseconds), once it has.
    public private(set) var listedAt: UInt64?
    /// Whether the folders listed are watched once the listing ends, and their subfolders with them.
    var watchesListedFolders = false
    var listsRecursively = false
    /// The animations playing (``AnimationPlayer``).
    var player = AnimationPlayer()
    /// Whether every animation is paused (a key).
    public var animationsPaused: Bool { player.isPaused }
    /// The memory bound in bytes, shared by thumbnails and animation frames (see `animationBudget`).
    let memoryBytes: Int
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
        memory = ThumbnailMemory(capacity: memoryBytes)
        self.memoryBytes = memoryBytes
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
        isListing = true
        watchesListedFolders = watching
        listsRecursively = recursive
        sorting = (order, descending)
        if order == .name && !descending { nameRanks = [] }
        if let first = arguments.first {
            let path = URL(fileURLWithPath: first).standardizedFileURL.path
            listedFolderName = path == "/" ? "/" : (path as NSString).lastPathComponent
        }
        if recursive { foldersGiven = arguments.map(PictureFiles.absolute) }
        loader.list(arguments, recursive: recursive, order: order, descending: descending)
    }

    /// How many pictures show.
    public var count: Int { order.count }

    /// The paths of the pictures shown, in order.
    public var paths: [String] { order.ids.map(path(of:)) }

    /// The name of the folder the pictures are in (the innermost one holding them all), for the
    /// window's title.
    public var folderName: String {
        if let folderNameKept, folderNameKept.count == count { return folderNameKept.name }
        let name = count == 0 ? listedFolderName : Self.folderName(of: paths)
        folderNameKept = (count, name)
        return name
    }
    private var folderNameKept: (count: Int, name: String)?
    /// The name of the first folder a listing was asked for, until its pictures arrive.
    private var listedFolderName = "/"

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
        while isListing || headersArrived < count || !joining.isEmpty {
            loader.waitForWake(milliseconds: 100)
            takeResults()
        }
    }

    /// Takes what the workers finished; returns whether anything that shows changed.
    @discardableResult
    public func takeResults() -> Bool {
        takeAppended()
        let folderChanged = takeFolderChanges()
        let results = loader.takeResults()
        takeAppended()
        arrivalIDs.removeAll(keepingCapacity: true)
        resizedIDs.removeAll(keepingCapacity: true)
        var changed = folderChanged
        for result in results where take(result) { changed = true }
        if placeJoined() { changed = true }
        if sortWanted && headersArrived == count && !isListing {
            applySort()
            changed = true
        }
        return changed
    }

    /// Takes one result; returns whether what shows changed.
    private func take(_ result: PictureLoader.Result) -> Bool {
        switch result {
        case .header(let id, let header, let problem):
            let size = header.map { Size(width: Double($0.width), height: Double($0.height)) }
            if rereading.remove(id) != nil,
                size != catalog.headers[id].map({ Size(width: Double($0.width), height: Double($0.height)) })
            {
                resizedIDs.append(id)
            }
            markArrived(id, size: size ?? Size(width: 1, height: 1))
            catalog.headers[id] = header
            if let problem { markBroken(id, problem) }
        case .thumbnail(let id, let side, let thumbnail, let problem):
            if let problem, thumbnail != nil { catalog.notes[id] = problem }
            if let thumbnail {
                // One made for the tiles' last size serves until the one for their size now arrives.
                if side == gridSide(of: id) || !(memory.contains(id) || open.viewsWanted.contains(id)) {
                    memory.insert(thumbnail, for: id)
                    thumbnailSides[id] = side
                    arrivalIDs.append(id)
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
            if let problem { image == nil ? report(problem) : (catalog.notes[id] = problem) }
        case .cacheProblem(let problem): report(problem)
        case .listed(let found):
            isListing = false
            listedAt = clock.now
            if let ranks = found.nameRanks, found.paths.count == known, nameRanks == nil { nameRanks = ranks }
            skippedFiles += found.skipped
            picturesInSubfolders = found.picturesInSubfolders
            for problem in found.problems { report(problem) }
            if watchesListedFolders { watch(folders: found.folders, recursive: listsRecursively) }
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
        if listingJoinsAround != nil {
            known = total
            return join(listed: ids)
        }
        order.append(ids)
        if var ranks = nameRanks, ranks.count == known {
            ranks += known..<total  // a listing by name appends in name order
            nameRanks = ranks
        } else {
            nameRanks = nil
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

    /// Counts picture `id`'s header as arrived, its tile `size`.
    func markArrived(_ id: PictureID, size: Size) {
        guard catalog.sizes.updateValue(size, forKey: id) == nil else { return }
        if order.contains(id) { headersArrived += 1 }
    }

    func markBroken(_ id: PictureID, _ problem: String) {
        guard catalog.broken.insert(id).inserted else { return }
        catalog.problems[id] = Self.reason(problem, path: path(of: id))
        report(problem)
    }
}
