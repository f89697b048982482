import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// The pictures a waterfall shows, on the main thread's side of a `PictureLoader`: the headers known
/// so far, the thumbnails kept in memory, and which pictures are broken (each said once on stderr).
public final class PictureFeed {
    /// The loader whose results it takes; poll its `wakeDescriptor`.
    public let loader: PictureLoader
    /// Each picture's header once read, or nil (not yet, or broken).
    public internal(set) var headers: [PictureHeader?]
    /// Pictures that cannot be shown.
    public internal(set) var broken = Set<Int>()
    /// Why each broken picture cannot be shown, without its path ("not a picture", "cannot read:
    /// Permission denied"): what its tile and the image view say under its name.
    public internal(set) var problems: [Int: String] = [:]
    /// How many other files were passed over when the pictures were collected (the HUD says so).
    public var skippedFiles = 0
    /// How many headers have arrived (read or broken).
    public internal(set) var headersArrived = 0
    /// Decoded thumbnails, bounded in bytes.
    public internal(set) var memory: ThumbnailMemory
    /// The side thumbnails are decoded to: the tile width, rounded up to a multiple of 64.
    public private(set) var side = 256
    /// The pictures whose grid thumbnails arrived at the last ``takeResults()``.
    public internal(set) var arrivals: [Int] = []
    /// The pictures whose size changed at the last ``takeResults()`` (a file rewritten): the layout
    /// places them again.
    public internal(set) var resized: [Int] = []
    /// The folders watched for pictures written or removed while they show, if any.
    var watcher: FolderWatcher?
    /// Pictures whose header is read again, their file having changed.
    var rereading = Set<Int>()
    /// Each picture's index by path, made when a folder first changes.
    var indexByPath: [String: Int]?
    /// A sort asked for before every header had arrived, applied again once they have.
    var sortWanted: (order: PictureFiles.Order, descending: Bool)?
    /// How the pictures moved since the scene last asked (``takeRearrangement()``).
    var rearrangement: [Int]?
    /// Each picture's rank in name order, once known: a listing by name gives it as it goes, a sort
    /// works it out when it first needs it; it follows the pictures when they move.
    var nameRanks: [Int]?
    /// Whether pictures appended come in name order after every other (a listing by name that runs).
    private var appendsInNameOrder = false
    /// Whether a listing still runs (``init(listing:recursive:order:descending:threads:diskCache:memoryBytes:watching:report:)``).
    public private(set) var isListing = false
    /// When the listing ended (monotonic nanoseconds), once it has.
    public private(set) var listedAt: UInt64?
    /// Whether the folders listed are watched once the listing ends.
    private var watchesListedFolders = false
    /// The animations playing (tiles on screen, or the open picture), by picture.
    var animations: [Int: PlayingAnimation] = [:]
    /// Whether every animation is paused (a key).
    public internal(set) var animationsPaused = false
    /// The memory bound in bytes, shared by thumbnails and animation frames (see `animationBudget`).
    let memoryBytes: Int
    /// Where each problem is said, once per picture.
    private let report: (String) -> Void
    var wantedRange = WantedRange()

    /// A feed of `paths`, loading on `threads` workers through `diskCache` if given, keeping at most
    /// `memoryBytes` of thumbnails; `report` hears each problem once.
    public init(
        paths: [String], threads: Int = 2, diskCache: ThumbnailCache?, memoryBytes: Int,
        report: @escaping (String) -> Void
    ) {
        loader = PictureLoader(paths: paths, threads: threads, diskCache: diskCache)
        headers = Array(repeating: nil, count: paths.count)
        memory = ThumbnailMemory(capacity: memoryBytes)
        self.memoryBytes = memoryBytes
        self.report = report
        let range = wantedRange
        loader.isWanted = { index, _ in range.contains(index) }
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
        if order == .name && !descending {
            nameRanks = []
            appendsInNameOrder = true
        }
        if let first = arguments.first {
            let path = URL(fileURLWithPath: first).standardizedFileURL.path
            listedFolderName = path == "/" ? "/" : (path as NSString).lastPathComponent
        }
        loader.list(arguments, recursive: recursive, order: order, descending: descending)
    }

    /// How many pictures there are.
    public var count: Int { headers.count }

    /// How many thumbnails are kept now.
    public var loaded: Int { memory.count }

    /// The name of the folder the pictures are in (the innermost one holding them all), for the
    /// window's title.
    public var folderName: String {
        if let folderNameKept, folderNameKept.count == count { return folderNameKept.name }
        let name = headers.isEmpty ? listedFolderName : Self.folderName(of: loader.paths)
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

    /// The file name of picture `index`.
    public func name(of index: Int) -> String { (path(of: index) as NSString).lastPathComponent }

    /// The path of picture `index`.
    public func path(of index: Int) -> String { loader.paths[index] }

    /// The waterfall item of picture `index`, once its header arrived: its size (1x1 when broken) and name.
    public func item(at index: Int) -> WaterfallItem? {
        guard headers[index] != nil || broken.contains(index) else { return nil }
        let size = headers[index].map { Size(width: Double($0.width), height: Double($0.height)) }
        return WaterfallItem(size: size ?? Size(width: 1, height: 1), title: name(of: index), color: Self.tileColor)
    }

    /// The items of the pictures whose headers arrived, up to the first still to come.
    public var arrivedItems: [WaterfallItem] {
        var items: [WaterfallItem] = []
        while items.count < count, let item = item(at: items.count) { items.append(item) }
        return items
    }

    /// The colour of a picture's tile until its thumbnail arrives.
    static let tileColor = Color(hex: 0x2A_2F3C)

    /// Waits until every header has arrived (read or broken), a listing's included. A recorded or
    /// replayed session starts with the whole feed laid out, so what it does cannot depend on how fast
    /// the headers came.
    public func waitForAllHeaders() {
        while isListing || headersArrived < count {
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
        arrivals.removeAll(keepingCapacity: true)
        resized.removeAll(keepingCapacity: true)
        // Frames decoded ahead change nothing on screen until their time comes: only a first frame does.
        var changed = folderChanged
        for result in results {
            if case .frames = result {} else { changed = true }
            switch result {
            case .header(let index, let header, let problem):
                if rereading.remove(index) != nil {
                    let size = { (header: PictureHeader?) in header.map { [$0.width, $0.height] } ?? [1, 1] }
                    if size(header) != size(headers[index]) { resized.append(index) }
                } else {
                    headersArrived += 1
                }
                headers[index] = header
                if let problem { markBroken(index, problem) }
            case .thumbnail(let index, let side, let thumbnail, let problem):
                if let thumbnail {
                    if side == self.side {
                        memory.insert(thumbnail, for: index)
                        arrivals.append(index)
                    } else if viewsWanted.contains(index), side > views[index]?.side ?? 0 {
                        views[index] = (side, thumbnail)
                    }
                }
                if let problem { markBroken(index, problem) }
            case .frames(let index, let side, let frames, let count, let plays, let problem):
                let shown = animations[index]?.current
                receiveFrames(
                    frames, index: index, side: side, count: count, plays: plays, problem: problem,
                    now: monotonicNanoseconds())
                if animations[index]?.current != shown || problem != nil { changed = true }
            case .region(let index, let part, let scale, let image, let problem):
                if let image, viewsWanted.contains(index) { region = (index, part, scale, image) }
                if let problem { report(problem) }
            case .cacheProblem(let problem): report(problem)
            case .listed(let found):
                isListing = false
                listedAt = monotonicNanoseconds()
                appendsInNameOrder = false
                if nameRanks == nil, let ranks = found.nameRanks, found.paths == loader.paths { nameRanks = ranks }
                skippedFiles += found.skipped
                for problem in found.problems { report(problem) }
                if watchesListedFolders { watch(folders: found.folders) }
            }
        }
        if sortWanted != nil && headersArrived == count && !isListing {
            applySortWanted()
            changed = true
        }
        return changed
    }

    /// Takes the pictures a listing appended since the last look.
    func takeAppended() {
        let known = loader.count
        guard known > headers.count else { return }
        if appendsInNameOrder, let ranks = nameRanks {
            let next = (ranks.max() ?? -1) + 1
            nameRanks = ranks + (0..<(known - headers.count)).map { next + $0 }
        }
        headers += Array(repeating: nil, count: known - headers.count)
    }

    /// Asks for the thumbnails of the pictures `indices` (the cells in view), at the grid's side so the
    /// two views share them; work for other cells is dropped before it starts.
    public func want(cells indices: [Int]) {
        wantedRange.setCells(Set(indices))
        for index in indices where !memory.contains(index) && !broken.contains(index) {
            loader.requestThumbnail(index: index, side: side, priority: index)
        }
    }

    /// The open picture and its neighbours, decoded at the size the window needs: by index, with the
    /// side it was decoded to.
    var views: [Int: (side: Int, image: Framebuffer)] = [:]
    /// The pictures whose window-sized images are kept: one arriving for another is let go at once.
    var viewsWanted = Set<Int>()

    /// The side the open picture was asked for last.
    var viewSide: (index: Int, side: Int)?

    /// Whether picture `index` has arrived at the side it was asked for last as the open picture.
    public func viewArrived(_ index: Int) -> Bool {
        guard let viewSide, viewSide.index == index else { return false }
        return viewSide.side <= side ? memory.contains(index) : (views[index]?.side ?? 0) >= viewSide.side
    }

    /// The open picture's image, decoded for the window, if it has arrived.
    public func viewImage(_ index: Int) -> Framebuffer? { views[index]?.image }

    /// The part of the open picture decoded at the zoom shown, when zoomed past the window: only the
    /// region around what shows is held, however large the picture.
    public internal(set) var region: (index: Int, part: PictureRegion, scale: Double, image: Framebuffer)?
    /// The region asked for last, so it is asked once.
    var regionAsked: (index: Int, part: PictureRegion, scale: Double)?

    /// Lets go of the region held (the image view closed).
    public func releaseRegion() {
        region = nil
        regionAsked = nil
    }

    /// Asks for the part `part` of picture `index` at `scale`, unless it is the one held or asked for.
    public func wantRegion(_ index: Int, part: PictureRegion, scale: Double) {
        if let region, region.index == index, region.part == part, region.scale == scale { return }
        if let regionAsked, regionAsked.index == index, regionAsked.part == part, regionAsked.scale == scale { return }
        regionAsked = (index, part, scale)
        loader.requestRegion(index: index, region: part, scale: scale)
    }

    /// Asks for picture `index` decoded to fit `side` pixels, and its neighbours to fit `prefetchSide`;
    /// drops the images of pictures farther away.
    public func wantView(_ index: Int, side: Int, prefetching neighbours: [Int], prefetchSide: Int) {
        let kept = Set([index] + neighbours)
        viewsWanted = kept
        views = views.filter { kept.contains($0.key) }
        if let region, region.index != index { self.region = nil }
        wantedRange.setViews(kept)
        viewSide = (index, side)
        request(index, side: side, priority: -2)
        for neighbour in neighbours where !broken.contains(neighbour) {
            request(neighbour, side: prefetchSide, priority: -1)
        }
    }

    /// Asks for picture `index` at `side` unless an image that large is kept. At the grid's side or
    /// below the grid's thumbnail serves; larger ones borrow their memory from the loader's pool.
    private func request(_ index: Int, side: Int, priority: Int) {
        if side <= self.side {
            if !memory.contains(index) { loader.requestThumbnail(index: index, side: self.side, priority: priority) }
        } else if (views[index]?.side ?? 0) < side {
            loader.requestThumbnail(index: index, side: side, priority: priority, forWindow: true)
        }
    }

    /// The thumbnail of picture `index`, if kept (counts as a use).
    public func thumbnail(_ index: Int) -> Framebuffer? { memory.thumbnail(for: index) }

    /// Asks for the thumbnails of `visible` first, then a screen ahead in the scroll direction, then a
    /// screen behind; work for anything farther is dropped before it starts. `tileWidth` sets the side.
    public func want(visible: Range<Int>, ahead: Range<Int>, behind: Range<Int>, tileWidth: Double) {
        side = max(64, (Int(tileWidth.rounded(.up)) + 63) / 64 * 64)
        let lower = min(visible.lowerBound, ahead.lowerBound, behind.lowerBound)
        let upper = max(visible.upperBound, ahead.upperBound, behind.upperBound)
        wantedRange.set(lower..<upper)
        for (order, range) in [(0, visible), (1, ahead), (2, behind)] {
            for index in range where !memory.contains(index) && !broken.contains(index) {
                loader.requestThumbnail(index: index, side: side, priority: order * PictureLoader.onScreen + index)
            }
        }
    }

    func markBroken(_ index: Int, _ problem: String) {
        guard broken.insert(index).inserted else { return }
        problems[index] = Self.reason(problem, path: loader.paths[index])
        report(problem)
    }

    /// A problem as a tile says it, under the file's name: without the path.
    static func reason(_ problem: String, path: String) -> String {
        if problem.hasPrefix("cannot read \(path): ") {
            return "cannot read: " + problem.dropFirst("cannot read \(path): ".count)
        }
        if problem.hasPrefix("\(path): ") { return String(problem.dropFirst(path.count + 2)) }
        return problem
    }
}

/// The pictures whose thumbnails are still wanted, shared with the loader's workers.
final class WantedRange: @unchecked Sendable {
    private let lock = NSLock()
    private var range = 0..<0
    private var views = Set<Int>()
    private var cells = Set<Int>()

    func set(_ newRange: Range<Int>) { lock.withLock { range = newRange } }
    func setViews(_ newViews: Set<Int>) { lock.withLock { views = newViews } }
    func setCells(_ newCells: Set<Int>) { lock.withLock { cells = newCells } }
    func contains(_ index: Int) -> Bool {
        lock.withLock { range.contains(index) || views.contains(index) || cells.contains(index) }
    }
}
