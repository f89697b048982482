import Foundation

/// One picture or clip of a remote feed, as its page of JSON describes it: its size known before any
/// pixel (so nothing moves when they land), the files it comes in, and what the view shows beside it.
public struct RemoteItem: Hashable, Sendable {
    /// What plays: a still, an animation or clip that loops muted (GIPHY's GIFs, Mastodon's `gifv`), a
    /// video that plays when opened, or a sticker (an animation with transparency).
    public enum Kind: String, Hashable, Sendable {
        case image, animation, video, sticker
    }

    /// One file of the item: where, its size, and whether it moves.
    public struct Rendition: Hashable, Sendable {
        public var url: URL
        public var width: Int
        public var height: Int
        /// The file's length in bytes, when the answer says.
        public var bytes: Int?
    }

    /// Unique within its feed (GIPHY's id, Mastodon's attachment id): the same item on two pages is
    /// one item.
    public var id: String
    public var kind: Kind
    /// The size it is laid out at (its original's, or the size its renditions share the shape of).
    public var width: Int
    public var height: Int
    /// The files, smallest first: a tile takes the first at least its size, the image view the last.
    public var renditions: [Rendition]
    /// A still of a video, shown in its tile until it is opened.
    public var still: Rendition?
    /// The placeholder shown at once (Mastodon's `blurhash`).
    public var blurHash: String?
    /// The point a tile that crops keeps in view, -1 to 1 across and up (Mastodon's `meta.focus`).
    public var focus: (x: Double, y: Double)? {
        get { focusX.map { ($0, focusY ?? 0) } }
        set { (focusX, focusY) = (newValue?.x, newValue?.y) }
    }
    private var focusX: Double?
    private var focusY: Double?
    /// The alt text, for the info overlay.
    public var description: String?
    /// Whether it shows blurred until revealed (Mastodon's `sensitive`).
    public var sensitive: Bool
    /// The page a browser shows it on: what `y` copies and `o` opens.
    public var page: URL?
    /// The name it is saved under: its original file's.
    public var name: String
    /// A video's length in seconds, as its page says (its tile shows a still, which has none).
    public var seconds: Double?

    public init(
        id: String, kind: Kind, width: Int, height: Int, renditions: [Rendition], still: Rendition? = nil,
        blurHash: String? = nil, description: String? = nil, sensitive: Bool = false, page: URL? = nil,
        name: String
    ) {
        self.id = id
        self.kind = kind
        self.width = width
        self.height = height
        self.renditions = renditions.sorted { $0.width * $0.height < $1.width * $1.height }
        self.still = still
        self.blurHash = blurHash
        self.description = description
        self.sensitive = sensitive
        self.page = page
        self.name = name
    }

    /// The smallest rendition at least `side` pixels on its long side, else the largest: what a tile
    /// of that size shows. An item without renditions has none.
    public func rendition(fitting side: Int) -> Rendition? {
        renditions.first { max($0.width, $0.height) >= side } ?? renditions.last
    }

    /// What shows at `side` pixels: a video's still (it is not downloaded whole to be shown), else
    /// ``rendition(fitting:)``.
    public func shown(fitting side: Int) -> Rendition? {
        kind == .video ? still ?? rendition(fitting: side) : rendition(fitting: side)
    }
}

/// One page of a feed: its items in order, and how to ask for the next (nil at the end).
public struct FeedPage: Hashable, Sendable {
    public var items: [RemoteItem]
    /// Mastodon's `max_id` from the `Link` header's `rel="next"`, or GIPHY's next offset.
    public var next: String?
    /// The identity of the answer it was read from (the SHA-256 of its body): what a session records.
    public var answer: String?
    /// When the copy it was read from was saved, where the network failed and the cache's copy was
    /// read instead (seconds since 1970); nil when it came from the server.
    public var savedAt: Double?

    public init(items: [RemoteItem], next: String?) {
        self.items = items
        self.next = next
    }
}
