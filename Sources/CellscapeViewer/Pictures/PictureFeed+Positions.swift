import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// What the feed knows of the picture at a position of its order: the scenes speak of tiles.
extension PictureFeed {
    /// Whether a listing still runs.
    public var isListing: Bool { members.listing.isRunning }

    /// When the listing ended (the feed's clock), once it has.
    public var listedAt: UInt64? { members.listing.endedAt }

    /// How many other files were passed over when the pictures were collected (the HUD says so).
    public var skippedFiles: Int { members.listing.skippedFiles }

    /// When the folders listed hold no picture, how many their subfolders hold (what `-r` would show).
    public var picturesInSubfolders: Int { members.listing.picturesInSubfolders }

    /// The grid's tile width in pixels: each thumbnail is made at its tile's own size (``gridSide(of:)``).
    public var tileWidth: Double { thumbnails.tileWidth }

    /// The file name of the picture at `position`.
    public func name(of position: Int) -> String { (path(of: position) as NSString).lastPathComponent }

    /// The name the bar gives the picture at `position`: its path from the folder given with `-r`
    /// ("2024/june/a.jpg"), else its file name.
    public func barName(of position: Int) -> String {
        let path = path(of: position)
        for folder in members.listing.foldersGiven {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return name(of: position)
    }

    /// The path of the picture at `position`.
    public func path(of position: Int) -> String { path(of: order[position]) }

    /// The address of the picture at `position`: its file's path, a remote item's page.
    public func address(of position: Int) -> String { address(of: order[position]) }

    /// What the tile at `position` shows until its pixels come, if its source gave it.
    public func placeholder(at position: Int) -> PixelImage? {
        position >= 0 && position < count ? catalog[order[position]]?.placeholder : nil
    }

    /// What the source says of the picture at `position` beyond its bytes (a feed's item's page, alt
    /// text, length), if it says anything.
    public func details(at position: Int) -> PictureDetails? {
        position >= 0 && position < count ? catalog[order[position]]?.details : nil
    }
    /// The header of the picture at `position`, once read (nil before, or when broken).
    public func header(at position: Int) -> PictureHeader? {
        position >= 0 && position < count ? catalog.header(order[position]) : nil
    }

    /// The length in seconds of the video at `position`: its header's, else what its page says (a
    /// remote video's tile shows a still, which has none).
    public func length(at position: Int) -> Double? {
        header(at: position)?.seconds ?? details(at: position)?.seconds
    }

    /// Whether the picture at `position` cannot be shown.
    public func isBroken(at position: Int) -> Bool { catalog.isBroken(order[position]) }
    /// Whether the picture at `position` could not be had for now (a download that failed on a bad
    /// day): its tile keeps its placeholder until it is asked again.
    public func isUnavailable(at position: Int) -> Bool { catalog.unavailable.contains(order[position]) }
    /// Whether nothing is to come for the picture at `position` for now: broken, or unavailable.
    public func isPassedOver(at position: Int) -> Bool { catalog.isPassedOver(order[position]) }

    /// How many of the pictures shown cannot be: counted again only when the order or the broken
    /// pictures changed (the bar asks every frame).
    public var brokenCount: Int {
        members.brokenCount
    }

    /// How many of the pictures shown are videos (their headers say so).
    public var videoCount: Int { members.videoCount }

    /// Why the picture at `position` cannot be shown, if it cannot.
    public func problem(at position: Int) -> String? { catalog[order[position]]?.problem?.description }

    /// What is missing of the picture at `position` when it shows only part of what its file should
    /// hold ("ends early": a file cut short), once a decode found it.
    public func note(at position: Int) -> String? { catalog[order[position]]?.note?.description }

    /// Whether the grid thumbnail of the picture at `position` is kept.
    public func hasThumbnail(at position: Int) -> Bool { thumbnails.memory.contains(order[position]) }

    /// How many thumbnails are kept now.
    public var loaded: Int { thumbnails.memory.count }

    /// The thumbnail of the picture at `position`, if kept. Drawing it is no use: what shows counts as
    /// used when the frame is prepared (``want(visible:ahead:behind:tileWidth:)``).
    public func thumbnail(_ position: Int) -> PixelImage? { thumbnails.memory.peek(order[position]) }

    /// The positions whose grid thumbnails arrived at the last ``takeResults()``.
    public var arrivals: [Int] { changes.arrivals.compactMap(order.position(of:)) }

    /// The positions whose size changed at the last ``takeResults()`` (a file rewritten): the layout
    /// places them again.
    public var resized: [Int] { changes.resized.compactMap(order.position(of:)) }

    /// The waterfall item of the picture at `position`, once its header arrived: its size (1x1 when
    /// broken) and name.
    public func item(at position: Int) -> WaterfallItem? {
        size(at: position).map { WaterfallItem(size: $0, title: name(of: position), color: Self.tileColor) }
    }

    /// The size of the picture at `position`, once its header arrived (1x1 when broken).
    public func size(at position: Int) -> Size? {
        catalog.sizes[order[position]]
    }

    /// The sizes of the pictures from `position` on whose headers arrived, up to the first still to
    /// come: what the grid lays out next, in one look at the order and the catalog.
    public func arrivedSizes(from position: Int) -> [Size] { members.arrivedSizes(from: position) }

    /// The items of the pictures whose headers arrived, up to the first still to come.
    public var arrivedItems: [WaterfallItem] {
        var items: [WaterfallItem] = []
        while items.count < count, let item = item(at: items.count) { items.append(item) }
        return items
    }

    /// The header of picture `id`, once read.
    public func header(of id: PictureID) -> PictureHeader? { catalog.header(id) }

    /// The file name of picture `id`.
    public func name(of id: PictureID) -> String { (path(of: id) as NSString).lastPathComponent }

    /// The grid thumbnail of picture `id`, if kept (drawing it is no use of it).
    public func thumbnail(of id: PictureID) -> PixelImage? { thumbnails.memory.peek(id) }

    /// The colour of a picture's tile until its thumbnail arrives.
    static let tileColor = Color(hex: 0x2A_2F3C)
}
