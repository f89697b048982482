import CellscapeLayout
import CellscapePictures
import Foundation

/// Who is in a feed and where: the catalog of what is known of each picture, the order they show in,
/// and the sources they join through (the listing of the folders and paths given, the watched
/// folders, a caller's ``PictureSource``). It decides who joins, who leaves and who is set aside
/// for the trash; the feed keeps what shows of them (thumbnails, frames, the open picture) and is
/// told when a picture's pixels must go (``letGo``).
final class FeedMembers {
    /// The loader that reads the pictures' files (and the sources' bytes).
    let loader: PictureLoader
    /// The order the pictures show in.
    var order = PictureOrder()
    /// What is known of each picture, by id.
    var catalog = PictureCatalog()
    /// How many of the pictures shown have their header (read or broken).
    var headersArrived = 0
    /// What the listing was asked and found, and the sources read besides it.
    var listing = FeedListing()
    /// What the sort goes by.
    var sortKeys = FeedSorting()
    /// The watched folders' pictures between their events, by id.
    var live = LiveFolderSync()
    /// The watched folders as a source: the watcher, and each picture's file (``FolderSource``).
    var folders = FolderSource()
    /// The clock of the timed decisions (a removed picture leaving); a test moves its own.
    var clock = FeedClock.monotonic
    /// Pictures that joined a watched folder, shown once their headers arrive, where the order puts them.
    var joining = Set<PictureID>()
    /// The pictures the last move to the trash took, with where each was: `z` may bring them back.
    var setAside: [PictureID: Int] = [:]
    /// How many of the loader's pictures have been taken in.
    var known = 0
    /// Counts kept until what they count changes.
    var counted = FeedCounts()
    /// What the window should say, until taken.
    var messages: [String] = []
    /// Where each problem is said, once per picture.
    let report: (String) -> Void
    /// Told when what shows of pictures must go: they left (or were set aside), or their files changed.
    var letGo: (Set<PictureID>, LetGo) -> Void = { _, _ in }

    /// Why the pixels of pictures go.
    enum LetGo {
        /// They left the feed: everything kept of them goes.
        case left
        /// The trash took them: their frames and window images go, what was read of them stays.
        case setAside
        /// Their files changed: what was decoded goes, to be decoded again.
        case reread
    }

    init(loader: PictureLoader, report: @escaping (String) -> Void) {
        self.loader = loader
        self.report = report
    }

    /// How many pictures show.
    var count: Int { order.count }

    /// The path of picture `id`, from the catalog's own table.
    func path(of id: PictureID) -> String { catalog[id]?.path ?? loader.path(of: id) }

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
        for id in ids { folders.joined(id, path: path(of: id)) }
        known = total
    }

    /// Reads the paths of the pictures `ids` (just joined) into the catalog, in one look.
    func catalogue(_ ids: Range<Int>) {
        guard !ids.isEmpty else { return }
        for (id, path) in zip(ids, loader.paths(of: ids)) { catalog.enter(PictureID(id), path: path) }
    }

    /// Takes picture `id`'s header (nil when broken, saying why); returns whether its size changed
    /// (its file rewritten at another size: laid out again at it).
    func take(header: PictureHeader?, problem: PictureProblem?, of id: PictureID) -> Bool {
        let size = header.map { Size(width: Double($0.width), height: Double($0.height)) } ?? Size(width: 1, height: 1)
        var resized = false
        if live.rereading.remove(id) != nil, catalog.sizes[id] != size {
            catalog.sizes[id] = size
            resized = true
        }
        markArrived(id, size: size)
        catalog[id]?.header = header
        if let problem { markBroken(id, problem) }
        return resized
    }

    /// Takes what a listing found once it ended: its counts, its problems said, its folders watched
    /// when asked.
    func take(listed found: PictureFiles) {
        listing.isRunning = false
        listing.endedAt = clock.now
        if let ranks = found.nameRanks, found.paths.count == known, sortKeys.nameRanks == nil {
            sortKeys.nameRanks = ranks
        }
        listing.skippedFiles += found.skipped
        listing.picturesInSubfolders = found.picturesInSubfolders
        for problem in found.problems { report(problem) }
        if listing.watchesFolders { watch(folders: found.folders, recursive: listing.isRecursive) }
    }

    /// Counts picture `id`'s header as arrived, its tile `size` (unless a size came before: a source's
    /// stays, so the tile does not move when the pixels arrive).
    func markArrived(_ id: PictureID, size: Size) {
        guard catalog.sizes[id] == nil else { return }
        catalog.sizes[id] = size
        if order.contains(id) { headersArrived += 1 }
    }

    /// Picture `id` cannot be shown, for `problem`: said once.
    func markBroken(_ id: PictureID, _ problem: PictureProblem) {
        guard catalog.markBroken(id, problem) else { return }
        report(problem.message(path: path(of: id)))
    }

    /// Whether every picture that joined has its header, the listing done.
    var isSettled: Bool { !listing.isRunning && headersArrived == count && joining.isEmpty }
}

extension FeedMembers {
    /// Lists the pictures `arguments` (files and folders) name, watching the folders listed once done
    /// when `watching`.
    func list(_ arguments: [String], recursive: Bool, order: PictureFiles.Order, descending: Bool, watching: Bool) {
        (sortKeys.order, sortKeys.descending) = (order, descending)
        if order == .name && !descending { sortKeys.nameRanks = [] }
        listing.start(
            arguments, recursive: recursive, order: order, descending: descending, watching: watching,
            wake: loader.wakeMainLoop)
    }

    /// Lists the other pictures of `file`'s folder, to join around it (`file` shows already).
    func list(around file: String, order: PictureFiles.Order, descending: Bool, watching: Bool) {
        (sortKeys.order, sortKeys.descending) = (order, descending)
        listing.start(around: file, order: order, descending: descending, watching: watching, wake: loader.wakeMainLoop)
    }

    /// Reads `source` from now on: its pictures join at the end as they arrive.
    func read(_ source: PictureSource) {
        listing.sources.append(source)
        source.attach(wake: loader.wakeMainLoop)
        takeFromSources()
    }

    /// Takes what the listing found since the last look: its pictures join as a listing's do (after
    /// those shown, in the order listed, or around a picture given alone), and once it ended, what it
    /// found besides. Returns whether anything joined or it ended.
    func takeListing() -> Bool {
        guard let lister = listing.lister else { return false }
        let arrived = lister.takeArrived()
        if !arrived.isEmpty {
            takeAppended()
            loader.append(arrived)
            takeAppended()
        }
        guard let found = lister.takeEnd() else { return !arrived.isEmpty }
        listing.lister = nil
        take(listed: found)
        return true
    }

    /// Takes the pictures the sources gave since the last look; returns whether any joined.
    @discardableResult
    func takeFromSources() -> Bool {
        var joined = false
        for source in listing.sources {
            let arrived = listing.joins.take(source.takeArrived())
            guard !arrived.isEmpty else { continue }
            join(arrived)
            joined = true
        }
        return joined
    }

    /// Joins the sources' pictures held (``SourceJoins``) until `total` joined in all; returns whether any.
    @discardableResult
    func joinHeld(upTo total: Int) -> Bool {
        let released = listing.joins.release(upTo: total)
        if !released.isEmpty { join(released) }
        return !released.isEmpty
    }

    /// Appends `arrived`, the sources' pictures, to the loader and the order.
    private func join(_ arrived: [SourcePicture]) {
        listing.joins.joined += arrived.count
        takeAppended()
        let ids = adopt(loader.append(arrived))
        order.append(ids)
        sortKeys.nameRanks = nil
        for (id, picture) in zip(ids, arrived) {
            // Known before its pixels: laid out at once, at the size the source says.
            if let size = picture.size, size.width > 0, size.height > 0 { markArrived(id, size: size) }
            if let details = picture.details { catalog[id]?.details = details }
            if let placeholder = picture.placeholder { catalog[id]?.placeholder = placeholder }
            if case .held(let bytes) = picture.location, bytes.movesWhenOpened { catalog[id]?.movesWhenOpened = true }
        }
    }
}

extension FeedMembers {
    /// How many of the pictures shown cannot be: counted again only when the order or the broken
    /// pictures changed (the bar asks every frame).
    var brokenCount: Int { counted.brokenCount(in: order, catalog) }

    /// How many of the pictures shown are videos, counted as ``brokenCount`` is.
    var videoCount: Int { counted.videoCount(in: order, catalog) }

    /// The name of the innermost folder holding the pictures shown (the first folder listed while none is).
    var folderName: String {
        if let title = listing.sources.lazy.compactMap(\.report.title).first { return title }
        return counted.folderName(of: count) {
            count == 0 ? listing.firstFolderName : FeedListing.folderName(of: order.ids.map(path(of:)))
        }
    }

    /// The sizes of the pictures from `position` on whose headers arrived, up to the first still to
    /// come, in one look at the order and the catalog.
    func arrivedSizes(from position: Int) -> [Size] {
        let ids = order.ids
        let sizes = catalog.sizes
        guard position < ids.count else { return [] }
        var arrived: [Size] = []
        arrived.reserveCapacity(ids.count - position)
        for id in ids[position...] {
            guard let size = sizes[id] else { break }
            arrived.append(size)
        }
        return arrived
    }
}
