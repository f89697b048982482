import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// The waterfall view's state: the layout of the feed, the scroll offset and its momentum, the selection.
///
/// Input arrives as ``ViewerCommand``s; ``advance()`` moves the momentum on by one frame. The feed is
/// endless: when the viewport comes within one screen of the bottom, the next page of items is appended,
/// from the catalog while it lasts and then generated from the seed.
public struct WaterfallScene {
    /// How the scene starts (``WaterfallOptions``).
    public typealias Options = WaterfallOptions

    /// The layout of every item loaded so far.
    public internal(set) var layout: WaterfallLayout
    /// The scroll offset, a fling's speed, a drag (``GridMotion``).
    var motion = GridMotion()
    /// The selected and marked items, by key (``selection`` and ``marks`` are their places).
    var held = HeldItems()
    /// The picture open over the grid (``openPicture`` has its place) and the image view's state.
    var open = OpenPictureState()
    /// The order's rearrangements the layout follows, and the user's place (``followOrder(sorted:)``).
    var following = OrderFollowing()
    /// The generated items loaded so far (none with pictures, whose order is the feed's).
    var generated = GeneratedPages()
    /// Whether the HUD shows.
    public internal(set) var showsHUD: Bool
    /// The window size.
    public private(set) var size: Size
    /// Timings the main loop records, shown by the HUD.
    public var statistics = FrameStatistics()
    /// What the user asked be done outside the viewer, until the loop takes it.
    var requests: [PictureRequest] = []
    /// Seconds each picture of a slideshow shows.
    public var slideshowSeconds: Double { options.slideshowSeconds }
    /// What the bar says besides the picture: a status for a few seconds, the key-handler's prompt.
    var messages = BarMessages()
    /// Tiles fading their thumbnail in over the placeholder (``TileFades``).
    var fading = TileFades()
    /// The order the pictures are in, and whether reversed.
    public internal(set) var pictureOrder: (order: PictureFiles.Order, descending: Bool)
    /// The last frame's query: how many items it found and how long it took, in nanoseconds.
    public internal(set) var lastQuery: (visible: Int, nanoseconds: UInt64) = (0, 0)

    let options: Options
    /// What opens its pictures again, if anything (``WaterfallOptions/sourceName``).
    public var sourceName: String? { options.sourceName }

    /// Creates the scene with the first pages loaded; with `pictures`, the feed shows them instead of
    /// the catalog and generated items, as long as they are, growing as their sizes arrive.
    public init(options: Options = Options(), pictures: PictureFeed? = nil) {
        self.options = options
        self.pictures = pictures
        open.slideshowRuns = options.startsSlideshow
        pictureOrder = (options.pictureOrder, options.picturesDescending)
        size = options.size
        showsHUD = options.showsHUD
        layout = WaterfallLayout(
            configuration: options.configuration.scaled(by: options.scale),
            bounds: Rect(origin: .zero, size: options.size))
        following.rearrangements = pictures?.order.rearrangements ?? 0
        loadPagesIfNeeded()
        open.pending = options.opensPicture.flatMap { pictures == nil ? nil : key(at: $0) }
        openPending()
    }

    /// Whether the next frame changes anything: a fling is under way, a thumbnail or the status fades.
    public var isAnimating: Bool { velocity != 0 || !fading.isEmpty || messages.isFading(at: clock.now) }

    /// The clock the scene's timed decisions read (a status's few seconds, the HUD's timings): its
    /// feed's, which a test moves by hand, else the monotonic one.
    public var clock: FeedClock { pictures?.clock ?? .monotonic }

    /// The content rect the window shows.
    public var visibleRect: Rect { Rect(x: 0, y: scrollOffset, width: viewport.width, height: viewport.height) }

    /// The part of the window the grid or the open picture shows in: all of it but the bar.
    public var viewport: Size {
        Size(width: size.width, height: max(1, size.height - (showsBar ? barHeight : 0)))
    }

    /// Whether the bar shows at the bottom: with pictures, while the HUD is on.
    public var showsBar: Bool { pictures != nil && showsHUD }

    /// The height of the bar, in pixels.
    public var barHeight: Double { (24 * scale).rounded() }

    /// Pixels per point (``WaterfallOptions/scale``).
    public var scale: Double { options.scale }

    /// The largest scroll offset: the bottom of the content at the bottom of the window.
    public var maximumOffset: Double { max(0, layout.contentSize.height - viewport.height) }

    /// Applies one command; while a picture is open, to the picture.
    public mutating func handle(_ command: ViewerCommand) {
        notePlace()
        let selected = selection
        defer { if selection != selected || command == .key(.back) || command == .key(.open) { revealSelection() } }
        messages.note(command)
        if openPicture != nil, handleOpenPicture(command) { return }
        switch command {
        case .press(let point):
            velocity = 0
            motion.drag = (point, point, scrollOffset, false, 0)
        case .drag(let point):
            if let offset = motion.dragged(to: point) { scroll(to: offset) }
        case .release(let point):
            if let click = motion.released(at: point) { selection = item(at: click) }
        case .wheel(let notches, _): scroll(by: Double(notches) * GridMotion.wheelStep)
        case .resize(let newSize): resize(to: newSize)
        case .key(let key): handle(key)
        case .handlerKey(let key): requestKeyHandler(key)
        case .remove, .sourcePictures, .text, .edit, .showSource: break
        }
    }

    /// Applies a marking key to `item` (the selected or open one); returns false for other keys.
    mutating func mark(_ key: KeyCommand, item: Int?) -> Bool {
        let all = key == .invertMarks ? (0..<itemCount).map(self.key(at:)) : []
        return held.mark(key, item: item.flatMap { $0 < itemCount ? self.key(at: $0) : nil }, all: all)
    }

    /// Shows every thumbnail that is fading in at once.
    public mutating func finishFades() {
        fading.finish()
    }

    /// Moves the fling and the fades on by one frame.
    public mutating func advance() {
        fading.advance()
        guard velocity != 0 else { return }
        scroll(by: velocity, keepingVelocity: true)
        motion.slow(atEnd: scrollOffset == 0 || scrollOffset == maximumOffset)
    }

    /// The item under a window point, if any.
    public func item(at windowPoint: Point) -> Int? {
        layout.item(at: Point(x: windowPoint.x, y: windowPoint.y + scrollOffset))
    }

    private mutating func handle(_ key: KeyCommand) {
        if moveSelection(key) || mark(key, item: selection) || request(key) || sort(key) { return }
        switch key {
        case .toggleHUD:
            showsHUD.toggle()
            scroll(to: scrollOffset)  // the bar came or went: the grid has another height
        case .open: if let selection { open(pictureAt: selection) }
        case .addCells, .removeCells: resizeTiles(larger: key == .addCells)
        case .toggleSlideshow:
            open(pictureAt: selection ?? firstInView ?? 0)
            slideshowRuns = openPicture != nil
        case .togglePause: pictures?.animations.togglePaused()
        default: break
        }
    }

    /// Appends pages until the content reaches at least one screen below the viewport.
    mutating func loadPagesIfNeeded() {
        if let pictures { return appendArrivedPictures(pictures) }
        generated.fill(&layout, to: scrollOffset + 2 * size.height, options: options)
    }

    /// The pictures whose sizes have arrived, appended in order: a picture waits for those before it.
    mutating func appendArrivedPictures(_ pictures: PictureFeed) {
        guard layOutArrivedPictures(pictures) else { return }
        // The tiles now in view are asked for at once, not at the next frame: a frame sooner on screen.
        if openPicture == nil {
            WaterfallWork(scene: self, pictures: pictures).wantThumbnails(visible: layout.indices(in: visibleRect))
        }
    }

    /// Joins the sources' pictures held until `total` joined (``ViewerCommand/sourcePictures(_:)``),
    /// laid out at once.
    mutating func joinSourcePictures(upTo total: Int) {
        guard let pictures else { return }
        pictures.joinSourcePictures(upTo: total)
        appendArrivedPictures(pictures)
    }

    /// Lays out the pictures whose sizes arrived after those laid out, in order; returns whether any.
    @discardableResult
    mutating func layOutArrivedPictures(_ pictures: PictureFeed) -> Bool {
        let sizes = pictures.arrivedSizes(from: layout.count)
        layout.append(sizes)
        return !sizes.isEmpty
    }

    /// Takes what the picture workers finished: new sizes extend the feed, new thumbnails show at the
    /// next frame (fading in over their placeholders where they arrive in view). Returns whether
    /// anything changed.
    @discardableResult
    public mutating func takePictureResults() -> Bool {
        guard let pictures else { return false }
        var changed = pictures.takeResults()
        for message in pictures.takeMessages() {
            say(message, now: clock.now)
            changed = true
        }
        if followOrder() { changed = true }
        if changed {
            let shown = Set(layout.indices(in: visibleRect))
            for index in pictures.arrivals where shown.contains(index) { fading.start(key(at: index)) }
            if pictures.resized.contains(where: { $0 < itemCount }) { placeAgain() }
            appendArrivedPictures(pictures)
            if itemCount == pictures.count { pictures.laidOutWhole() }
        }
        // A slideshow asked for at the start opens its first picture once it can.
        if slideshowRuns && openPicture == nil && itemCount > 0 {
            open(pictureAt: selection ?? 0)
            changed = true
        }
        defer { notePlace() }
        return openPending() || changed
    }

    /// The pictures shown, if any.
    public let pictures: PictureFeed?

    /// Lays every item out again once some changed size (their files rewritten), keeping the item at
    /// the top of the window in place.
    private mutating func placeAgain() {
        keepingInPlace(layout.topItem(at: scrollOffset)) { $0.layOutAgain() }
    }

    /// Takes a new window size; a new width reflows the columns and keeps the item at the top in place.
    private mutating func resize(to newSize: Size) {
        guard newSize.width > 0, newSize.height > 0, newSize != size else { return }
        let bounds = Rect(x: 0, y: scrollOffset, width: newSize.width, height: newSize.height)
        keepingInPlace(layout.topItem(at: scrollOffset)) { scene in
            scene.size = newSize
            if scene.layout.shouldInvalidate(forBoundsChange: bounds) { scene.layout.invalidate() }
            scene.layout.prepare(bounds: bounds)
        }
    }
}
