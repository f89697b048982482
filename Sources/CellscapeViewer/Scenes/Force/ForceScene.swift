import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// The force view's state: the layout, the zoom that fits it into the window, pause, the HUD and a drag.
///
/// Input arrives as ``ViewerCommand``s through ``handle(_:)``; ``advance()`` moves it on by one frame and
/// ``render(into:rasterizer:text:)`` draws it. The window maps to the layout around the window's centre:
/// `window = centre + (layout - centre) * zoom`.
public struct ForceScene {
    /// How the scene starts.
    public struct Options {
        /// Cells at the start (and after a reset).
        public var cells = 200
        /// The seed of the first layout.
        public var seed: UInt64 = 0
        /// The window size.
        public var size = Size(width: 1280, height: 800)
        /// The simulation's parameters.
        public var settings = ForceSettings()
        /// Whether the view zooms out to keep every cell visible.
        public var fitsWindow = true
        /// Whether the HUD shows.
        public var showsHUD = true

        /// The defaults: 200 cells in 1280x800, seed 0, fit-to-window and HUD on.
        public init() {}
    }

    /// The simulation.
    public private(set) var layout: ForceDirectedLayout
    /// The window size.
    public private(set) var size: Size
    /// The current zoom: window pixels per layout unit, at most 1.
    public private(set) var zoom = 1.0
    /// Whether the simulation is stopped.
    public private(set) var isPaused = false
    /// Whether the HUD shows.
    public private(set) var showsHUD: Bool
    /// Whether the view zooms out to keep every cell visible.
    public private(set) var fitsWindow: Bool
    /// The seed of the current layout.
    public private(set) var seed: UInt64
    /// Timings the main loop records, shown by the HUD.
    public var statistics = FrameStatistics()

    let options: Options
    private var zoomIsSettled = true
    /// From the pointer to the centre of the cell being dragged, in layout units.
    private var grabOffset = Vector.zero

    /// The margin kept free around the cells when fitting, in window pixels.
    static let fitMargin = 12.0
    /// The fraction of the way to the fitting zoom travelled each frame.
    static let zoomEase = 0.2

    /// Creates the scene with its starting cells; with `pictures`, one cell per picture, and clicks
    /// select cells instead of adding them.
    public init(options: Options = Options(), pictures: PictureFeed? = nil) {
        self.options = options
        self.pictures = pictures
        size = options.size
        seed = options.seed
        showsHUD = options.showsHUD
        fitsWindow = options.fitsWindow
        layout = Self.makeLayout(options: options, seed: options.seed, pictures: pictures != nil)
        followPictures()
        zoom = targetZoom
    }

    /// Whether the next frame changes anything: the simulation runs, a cell is dragged or the zoom eases.
    public var isAnimating: Bool {
        (!layout.isSettled && !isPaused) || layout.pinnedCell != nil || !zoomIsSettled
    }

    /// The picture whose cell was clicked last, when the cells show pictures.
    public internal(set) var selectedPicture: PictureID?

    /// The pictures the cells show, if any.
    public let pictures: PictureFeed?

    /// Each cell's picture, and each picture's cell: a cell stays its picture's whatever the order.
    var pictureOfCell: [Cell.ID: PictureID] = [:]
    var cellOfPicture: [PictureID: Cell.ID] = [:]
    /// The version of the feed's order the cells last followed.
    var followedOrder = -1

    /// Gives each picture the feed shows a cell, and takes away the cells of pictures that went; the
    /// other cells stay where they are.
    mutating func followPictures() {
        guard let pictures, pictures.order.version != followedOrder else { return }
        followedOrder = pictures.order.version
        let shown = Set(pictures.order.ids)
        for (picture, cell) in cellOfPicture where !shown.contains(picture) {
            layout.removeCell(id: cell)
            cellOfPicture[picture] = nil
            pictureOfCell[cell] = nil
            if selectedPicture == picture { selectedPicture = nil }
        }
        for picture in pictures.order.ids where cellOfPicture[picture] == nil {
            let cell = layout.addCell()
            cellOfPicture[picture] = cell
            pictureOfCell[cell] = picture
        }
    }

    /// Applies one command.
    public mutating func handle(_ command: ViewerCommand) {
        if pictures != nil, handlePictureCommand(command) {
            zoomIsSettled = false
            return
        }
        switch command {
        case .press(let point): press(at: point)
        case .drag(let point):
            if let id = layout.pinnedCell { layout.pinCell(id: id, at: layoutPoint(at: point) + grabOffset) }
        case .release: layout.unpinCell()
        case .remove(let point):
            if let id = cell(at: point) { layout.removeCell(id: id) }
        case .resize(let newSize): resize(to: newSize)
        case .wheel, .handlerKey, .sourcePictures, .text, .edit, .showSource: break
        case .key(let key): handle(key)
        }
        zoomIsSettled = false
    }

    /// Moves the scene on by one frame: one simulation step unless paused or settled, and the zoom eases
    /// towards the fit. Returns the step's movement, or `nil` when no step was taken.
    @discardableResult
    public mutating func advance() -> Movement? {
        var movement: Movement?
        if !isPaused && (!layout.isSettled || layout.pinnedCell != nil) { movement = layout.step() }
        let target = targetZoom
        if abs(target - zoom) <= 1e-3 * target {
            zoom = target
            zoomIsSettled = true
        } else {
            zoom += (target - zoom) * Self.zoomEase
            zoomIsSettled = false
        }
        return movement
    }

    /// Jumps to the zoom that fits the cells, without easing (for a snapshot).
    public mutating func fitZoomNow() {
        zoom = targetZoom
        zoomIsSettled = true
    }

    /// The layout point under a window point.
    public func layoutPoint(at windowPoint: Point) -> Point {
        let center = layout.center
        return Point(x: center.x + (windowPoint.x - center.x) / zoom, y: center.y + (windowPoint.y - center.y) / zoom)
    }

    /// The window point where a layout point is drawn.
    public func windowPoint(for layoutPoint: Point) -> Point {
        let center = layout.center
        return Point(x: center.x + (layoutPoint.x - center.x) * zoom, y: center.y + (layoutPoint.y - center.y) * zoom)
    }

    /// The id of the topmost cell under a window point (the cell added last wins), if any.
    public func cell(at windowPoint: Point) -> Cell.ID? {
        let point = layoutPoint(at: windowPoint)
        let probe = Rect(center: point, radius: 0)
        for attributes in layout.attributes(in: probe).reversed() {
            let cell = layout.cell(at: attributes.index)
            let dx = cell.position.x - point.x
            let dy = cell.position.y - point.y
            if dx * dx + dy * dy <= cell.radius * cell.radius { return cell.id }
        }
        return nil
    }

    /// The circles the frame shows: the cells in the visible rect, asked of the layout, in window pixels.
    public func visibleCircles() -> [Circle] {
        circles(of: visibleCells())
    }

    /// The cells in the visible rect, as the layout gives them.
    func visibleCells() -> [LayoutAttributes] {
        let corner = layoutPoint(at: .zero)
        return layout.attributes(
            in: Rect(x: corner.x, y: corner.y, width: size.width / zoom, height: size.height / zoom))
    }

    /// The circles of these cells, in window pixels.
    func circles(of cells: [LayoutAttributes]) -> [Circle] {
        cells.map { attributes in
            let cell = layout.cell(at: attributes.index)
            return Circle(
                center: windowPoint(for: cell.position), radius: cell.radius * zoom, color: .palette(for: cell.id))
        }
    }

    /// A command as picture cells take it: a press selects (and grabs) a cell and adds none, and the
    /// commands that would add or remove cells do nothing. Returns false for the others.
    private mutating func handlePictureCommand(_ command: ViewerCommand) -> Bool {
        switch command {
        case .press(let point):
            if let id = cell(at: point), let index = layout.index(of: id) {
                selectedPicture = pictureOfCell[id]
                let position = layout.cell(at: index).position
                grabOffset = position - layoutPoint(at: point)
                layout.pinCell(id: id, at: position)
            }
            return true
        case .remove, .key(.clear), .key(.addCells), .key(.removeCells): return true
        default: return false
        }
    }

    private mutating func press(at point: Point) {
        if let id = cell(at: point), let index = layout.index(of: id) {
            let position = layout.cell(at: index).position
            grabOffset = position - layoutPoint(at: point)
            layout.pinCell(id: id, at: position)
        } else {
            layout.addCell(at: layoutPoint(at: point))
        }
    }

    private mutating func resize(to newSize: Size) {
        guard newSize.width > 0, newSize.height > 0, newSize != size else { return }
        size = newSize
        let bounds = Rect(origin: .zero, size: newSize)
        if layout.shouldInvalidate(forBoundsChange: bounds) { layout.invalidate() }
        layout.prepare(bounds: bounds)
    }

    private mutating func handle(_ key: KeyCommand) {
        switch key {
        case .togglePause: isPaused.toggle()
        case .reset:
            seed = SplitMix64.mix(seed &+ 1)
            var restart = options
            restart.size = size
            layout = Self.makeLayout(options: restart, seed: seed, pictures: pictures != nil)
            (pictureOfCell, cellOfPicture, followedOrder) = ([:], [:], -1)
            followPictures()
        case .clear: layout.removeAllCells()
        case .addCells: for _ in 0..<100 { layout.addCell() }
        case .removeCells:
            for index in stride(from: layout.count - 1, through: max(0, layout.count - 100), by: -1) {
                layout.removeCell(id: layout.cell(at: index).id)
            }
        case .toggleHUD: showsHUD.toggle()
        case .toggleFit: fitsWindow.toggle()
        case .quit, .switchView, .showKeys, .hideKeys, .keyHandlerPrefix, .toggleInfo, .openWithDesktop, .copyPaths,
            .trash, .trashMarked, .undoTrash, .sortNext, .reverseSort,
            .toggleFullscreen, .toggleSlideshow, .slideshowStep,
            .rotateClockwise, .rotateCounterclockwise, .flipHorizontally,
            .flipVertically, .toggleMark, .invertMarks, .clearMarks, .revealSensitive, .save, .open, .back, .next,
            .previous,
            .actualSize,
            .toggleCheckerboard,
            .nextFrame, .previousFrame, .seekForward, .seekBackward, .seekForwardMinute, .seekBackwardMinute, .pageUp,
            .pageDown, .home,
            .end, .lineUp, .lineDown, .left, .right, .openQuery, .historyBack, .historyForward:
            break
        }
    }

    /// The zoom at which every cell fits the window with a margin (at most 1), or 1 without fitting.
    private var targetZoom: Double {
        guard fitsWindow, let cloud = layout.cellBounds else { return 1 }
        let center = layout.center
        let halfWidth = max(center.x - cloud.minX, cloud.maxX - center.x)
        let halfHeight = max(center.y - cloud.minY, cloud.maxY - center.y)
        let room = Size(width: size.width / 2 - Self.fitMargin, height: size.height / 2 - Self.fitMargin)
        guard room.width > 0, room.height > 0 else { return 1 }
        return min(1, room.width / max(halfWidth, 1e-9), room.height / max(halfHeight, 1e-9))
    }

    private static func makeLayout(options: Options, seed: UInt64, pictures: Bool) -> ForceDirectedLayout {
        var layout = ForceDirectedLayout(
            bounds: Rect(origin: .zero, size: options.size), settings: options.settings, seed: seed)
        // Cells of pictures come as the pictures do (``followPictures()``).
        for _ in 0..<(pictures ? 0 : options.cells) { layout.addCell() }
        return layout
    }
}
