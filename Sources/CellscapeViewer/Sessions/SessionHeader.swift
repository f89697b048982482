import CellscapeLayout
import CellscapePictures

/// The first line of a session file: everything besides the input that decides the outcome.
public struct SessionHeader: Codable, Hashable, Sendable {
    /// Where the waterfall's items came from, with a digest of their content.
    public struct Items: Codable, Hashable, Sendable {
        /// The kinds of item source.
        public enum Source: String, Codable, Hashable, Sendable {
            /// The catalog Cellscape ships.
            case bundled
            /// A catalog file.
            case file
            /// Generated from the seed.
            case generated
            /// Pictures, laid out by the sizes their headers give.
            case pictures
            /// A remote feed's first pages, laid out by the sizes they give, read again from the cache
            /// of downloads.
            case feed
        }

        public var source: Source
        /// The catalog file's absolute path (`file`).
        public var path: String?
        /// How many items were generated (`generated`).
        public var count: Int?
        /// The pictures' absolute paths, in the feed's order (`pictures`).
        public var paths: [String]?
        /// The feed's address as given, and the API's base when given (`feed`).
        public var feed: String?
        public var apiBase: String?
        /// The identity of each page's answer, in order (`feed`): the SHA-256 of its body.
        public var pages: [String]?
        /// The digest of the items' sizes, titles and colours (``digest(of:)``).
        public var digest: StateDigest

        /// An item source and the digest of what it gave.
        public init(
            source: Source, path: String? = nil, count: Int? = nil, paths: [String]? = nil, items: [WaterfallItem]
        ) {
            self.source = source
            self.path = path
            self.count = count
            self.paths = paths
            digest = Self.digest(of: items)
        }

        /// The feed at `address` (asked at `apiBase`), whose answers `pages` gave `items`.
        public init(feed address: String, apiBase: String?, pages: [String], items: [WaterfallItem]) {
            source = .feed
            feed = address
            self.apiBase = apiBase
            self.pages = pages
            digest = Self.digest(of: items)
        }

        /// The digest of items: their sizes, titles and colours, in order.
        public static func digest(of items: [WaterfallItem]) -> StateDigest {
            var digest = StateDigest()
            digest.add(UInt64(items.count))
            for item in items {
                digest.add(item.size.width.bitPattern)
                digest.add(item.size.height.bitPattern)
                digest.add(item.title)
                digest.add(UInt64(item.color.pixel))
            }
            return digest
        }
    }

    /// Always "session": what the file is.
    public var cellscape = "session"
    /// The format of the file (``RecordedSession/format``).
    public var format = RecordedSession.format
    /// The version of Cellscape that recorded it.
    public var version = CellscapeVersion.current
    /// The seed of the force view and of generated items.
    public var seed: UInt64
    /// The window size at the start.
    public var size: Size
    /// The cells at the start.
    public var cells: Int
    /// The view at the start.
    public var view: ViewerModel.View
    /// Every setting of the simulation.
    public var settings: ForceSettings
    /// The waterfall's columns, spacing and insets.
    public var waterfall: WaterfallConfiguration
    /// Where the waterfall's items came from.
    public var items: Items
    /// Seconds a picture shows when the session started with a slideshow (`--slideshow`), else nil.
    public var slideshow: Double?
    /// Pixels per point, when not 1 (`--scale`, or the display's `Xft.dpi`): the tiles' size follows it.
    public var scale: Double?
    /// The order the pictures were listed in (`--sort`), when not by name: the sort keys go on from it.
    public var pictureOrder: PictureFiles.Order?
    /// Whether they were listed in reverse (`--reverse`), when they were.
    public var picturesDescending: Bool?
    /// Whether a feed's sensitive media showed at once (`--show-sensitive`), when they did.
    public var showsSensitive: Bool?
    /// The position of the picture open at the start (a picture given alone), if one was, and the
    /// zoom it opened at when not fitted.
    public var opens: Int?
    public var opensAtZoom: Double?

    /// The header of a session that starts as `force` and `waterfall` say, showing `view` first.
    public init(force: ForceScene.Options, waterfall: WaterfallScene.Options, view: ViewerModel.View, items: Items) {
        seed = force.seed
        size = force.size
        cells = force.cells
        self.view = view
        settings = force.settings
        self.waterfall = waterfall.configuration
        self.items = items
        slideshow = waterfall.startsSlideshow ? waterfall.slideshowSeconds : nil
        scale = waterfall.scale == 1 ? nil : waterfall.scale
        pictureOrder = waterfall.pictureOrder == .name ? nil : waterfall.pictureOrder
        picturesDescending = waterfall.picturesDescending ? true : nil
        showsSensitive = waterfall.showsSensitive ? true : nil
        opens = waterfall.opensPicture
        opensAtZoom = waterfall.opensAtZoom
    }

    /// The options of the views this header starts, given the items its source gives (checked against
    /// its digest by the caller); `threads` may differ from the recording's: results do not.
    public func options(catalog: [WaterfallItem], threads: Int? = nil) -> (
        force: ForceScene.Options, waterfall: WaterfallScene.Options
    ) {
        var force = ForceScene.Options()
        force.cells = cells
        force.seed = seed
        force.size = size
        force.settings = settings
        if let threads { force.settings.threads = threads }
        var waterfall = WaterfallScene.Options()
        waterfall.catalog = catalog
        waterfall.seed = seed
        waterfall.size = size
        waterfall.configuration = self.waterfall
        waterfall.scale = scale ?? 1
        waterfall.pictureOrder = pictureOrder ?? .name
        waterfall.picturesDescending = picturesDescending ?? false
        waterfall.showsSensitive = showsSensitive ?? false
        waterfall.opensPicture = opens
        waterfall.opensAtZoom = opensAtZoom
        if let slideshow {
            waterfall.startsSlideshow = true
            waterfall.slideshowSeconds = slideshow
        }
        return (force, waterfall)
    }
}
