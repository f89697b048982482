import CellscapePictures
import CellscapeRender
import Foundation

/// What a feed's listing was asked and found: whether it still runs and when it ended, what it
/// watches once done, the picture given alone it lists around, and what it passed over.
struct FeedListing {
    /// Whether a listing still runs.
    var isRunning = false
    /// When the listing ended (the feed's clock), once it has.
    var endedAt: UInt64?
    /// Whether the memory the listing and its headers needed for a while was given back, once every
    /// header arrived.
    var gaveBackMemory = false
    /// Whether the folders listed are watched once the listing ends, and their subfolders with them.
    var watchesFolders = false
    var isRecursive = false
    /// The picture given alone, its folder's pictures joining around it (`PictureFeed+Opening.swift`).
    var joinsAround: String?
    /// The name of the first folder a listing was asked for, until its pictures arrive.
    var firstFolderName = "/"
    /// The folders given with `-r`, as absolute paths: the bar names a picture from the one it is in.
    var foldersGiven: [String] = []
    /// How many other files were passed over when the pictures were collected.
    var skippedFiles = 0
    /// When the folders listed hold no picture, how many their subfolders hold (what `-r` would show).
    var picturesInSubfolders = 0
    /// The listing of the folders and files given, until it ended.
    var lister: ListingSource?
    /// The sources read besides the listing (``PictureSource``).
    var sources: [PictureSource] = []
    /// When the sources' pictures join (``SourceJoins``).
    var joins = SourceJoins()

    /// Lists `arguments` (files and folders) on a thread of its own (``ListingSource``), calling `wake`
    /// as pictures arrive; watches the folders listed once done when `watching`.
    mutating func start(
        _ arguments: [String], recursive: Bool, order: PictureFiles.Order, descending: Bool, watching: Bool,
        wake: @escaping @Sendable () -> Void
    ) {
        (isRunning, watchesFolders, isRecursive) = (true, watching, recursive)
        if let first = arguments.first {
            let path = URL(fileURLWithPath: first).standardizedFileURL.path
            firstFolderName = FeedListing.readable(path)
        }
        if recursive { foldersGiven = arguments.map(PictureFiles.absolute) }
        lister = ListingSource(arguments, recursive: recursive, order: order, descending: descending, wake: wake)
    }

    /// Lists the other pictures of `file`'s folder, which join around it.
    mutating func start(
        around file: String, order: PictureFiles.Order, descending: Bool, watching: Bool,
        wake: @escaping @Sendable () -> Void
    ) {
        (isRunning, watchesFolders) = (true, watching)
        joinsAround = PictureFiles.absolute(file)
        let folder = (file as NSString).deletingLastPathComponent
        lister = ListingSource(
            [folder.isEmpty ? "." : folder], recursive: false, order: order, descending: descending, wake: wake)
    }

    /// A folder as its user reads it: within the home folder from "~" ("~/Pictures").
    static func readable(_ folder: String, home: String = NSHomeDirectory()) -> String {
        if folder == home { return "~" }
        return home.count > 1 && folder.hasPrefix(home + "/") ? "~" + folder.dropFirst(home.count) : folder
    }

    /// The innermost folder holding every one of `paths`, as its user reads it ("~/Pictures").
    static func folderName(of paths: [String]) -> String {
        let folders = paths.map { ($0 as NSString).deletingLastPathComponent }
        var common = folders.first ?? "/"
        for folder in folders.dropFirst() where folder != common && !folder.hasPrefix(common + "/") {
            while !(folder == common || folder.hasPrefix(common + "/")) && common != "/" && !common.isEmpty {
                common = (common as NSString).deletingLastPathComponent
            }
        }
        return common.isEmpty || common == "/" ? "/" : readable(common)
    }
}

/// The keys a feed sorts by: the order and its direction, a sort asked before every header arrived,
/// and each picture's rank in name order by id, once known (a listing by name gives the ids in name
/// order, another listing gives the ranks, a sort works them out when it first needs them).
struct FeedSorting {
    var order = PictureFiles.Order.name
    var descending = false
    var isWanted = false
    var nameRanks: [Int]?
}

/// The thumbnails a feed keeps: decoded, bounded in bytes (the bound shared with the animations'
/// frames), each made at its tile's size.
struct ThumbnailStore {
    /// Decoded thumbnails, bounded in bytes.
    var memory: ThumbnailMemory
    /// The side each thumbnail in ``memory`` was made to fit, by picture.
    var sides: [PictureID: Int] = [:]
    /// The grid's tile width in pixels.
    var tileWidth = 256.0
    /// The memory bound in bytes, shared by thumbnails and animation frames.
    let bound: Int

    init(bound: Int) {
        memory = ThumbnailMemory(capacity: bound)
        self.bound = bound
    }

    /// Keeps `thumbnail` for picture `id`, made to fit `side`.
    mutating func insert(_ thumbnail: PixelImage, for id: PictureID, side: Int) {
        memory.insert(thumbnail, for: id)
        sides[id] = side
    }

    /// Forgets picture `id`'s thumbnail.
    mutating func forget(_ id: PictureID) {
        memory.remove(id)
        sides[id] = nil
    }
}

/// What changed at a feed's last look at its loader, for the scenes: the pictures whose grid
/// thumbnails arrived, and those whose size changed (a file rewritten).
struct FeedChanges {
    var arrivals: [PictureID] = []
    var resized: [PictureID] = []

    mutating func removeAll() {
        arrivals.removeAll(keepingCapacity: true)
        resized.removeAll(keepingCapacity: true)
    }
}

/// Counts a feed keeps until what they count changes: the broken pictures shown (with the versions
/// of the order and of the broken set) and the name of the folder the pictures are in (with their count).
struct FeedCounts {
    private var broken: (version: Int, broken: Int, count: Int)?
    private var videos: (version: Int, videos: Int, count: Int)?
    private var folderName: (count: Int, name: String)?

    /// How many of the pictures in `order` are broken: counted again only when the order or the
    /// broken pictures changed.
    mutating func brokenCount(in order: PictureOrder, _ catalog: PictureCatalog) -> Int {
        if let kept = broken, kept.version == order.version, kept.broken == catalog.brokenChanges { return kept.count }
        let count = order.ids.count { catalog.isBroken($0) }
        broken = (order.version, catalog.brokenChanges, count)
        return count
    }

    /// How many of the pictures in `order` are videos: counted again only when the order changed or
    /// a video's header came or left.
    mutating func videoCount(in order: PictureOrder, _ catalog: PictureCatalog) -> Int {
        if let kept = videos, kept.version == order.version, kept.videos == catalog.videoChanges { return kept.count }
        let count = catalog.videoChanges == 0 ? 0 : order.ids.count { catalog[$0]?.isVideo == true }
        videos = (order.version, catalog.videoChanges, count)
        return count
    }

    /// The name `name` gives for `count` pictures, worked out again only when the count changed.
    mutating func folderName(of count: Int, _ name: () -> String) -> String {
        if let kept = folderName, kept.count == count { return kept.name }
        let made = name()
        folderName = (count, made)
        return made
    }
}

/// When the sources' pictures join: as they come, or (while a session records or replays) on an
/// input, so that a feed's page joins at the same frame in the recording and in its replay.
struct SourceJoins {
    /// Whether they join only on an input (``ViewerCommand/sourcePictures(_:)``).
    var onInput = false
    /// Those given and not yet joined, in order.
    var held: [SourcePicture] = []
    /// How many joined, from every source.
    var joined = 0

    /// Takes `arrived`; returns those to join now (all of them, unless they join on an input).
    mutating func take(_ arrived: [SourcePicture]) -> [SourcePicture] {
        guard onInput else { return arrived }
        held += arrived
        return []
    }

    /// Those held to join so that `total` joined in all.
    mutating func release(upTo total: Int) -> [SourcePicture] {
        let count = min(max(0, total - joined), held.count)
        defer { held.removeFirst(count) }
        return Array(held.prefix(count))
    }
}
