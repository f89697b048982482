import CellscapeLayout
import CellscapePictures

/// How a ``WaterfallScene`` starts: its items or pictures, the window, the columns, what shows first.
public struct WaterfallOptions {
    /// The items shown first; generated items follow once they run out.
    public var catalog: [WaterfallItem] = []
    /// The seed of the generated items.
    public var seed: UInt64 = 0
    /// The window size.
    public var size = Size(width: 1280, height: 800)
    /// Columns, spacing and insets.
    public var configuration = WaterfallConfiguration()
    /// Whether the HUD shows.
    public var showsHUD = true
    /// Seconds each picture of a slideshow shows.
    public var slideshowSeconds = 5.0
    /// Pixels per point: tiles, spacing and the bar grow with it (2 on a 192-dpi screen).
    public var scale = 1.0
    /// Whether a slideshow starts once the first picture can open (`--slideshow`).
    public var startsSlideshow = false
    /// The order the pictures were listed in (`--sort`), which the sort keys go on from.
    public var pictureOrder = PictureFiles.Order.name
    /// Whether they were listed in reverse (`--reverse`).
    public var picturesDescending = false
    /// The picture that opens at the start once its size is known, by its position then (`cellscape FILE`).
    public var opensPicture: Int?
    /// The zoom it opens at (1 is 100%), else fitted to the window (`--zoom`).
    public var opensAtZoom: Double?

    /// Whether a remote feed's sensitive media show at once, not blurred until revealed (`v`).
    public var showsSensitive = false
    /// What opens the pictures again (a feed's address, a folder's path), for a history that closes
    /// them; nil when nothing does (files given one by one, standard input).
    public var sourceName: String?

    /// The defaults: no catalog (all items generated), a 1280x800 window.
    public init() {}
}
