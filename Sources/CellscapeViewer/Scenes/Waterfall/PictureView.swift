import CellscapeLayout

/// One picture open over the waterfall: which, and how it is zoomed and panned. Fitted to the window
/// until zoomed; zooming keeps the picture point under the pointer (or the window's centre) in place.
public struct PictureView: Hashable, Sendable {
    /// The picture shown.
    public var index: Int
    /// Window pixels per picture pixel, or nil while it fits the window.
    public var zoom: Double?
    /// The picture point (in its upright pixels) at the window's centre.
    public var center: Point
    /// Quarter turns clockwise the view turns the picture, 0 to 3.
    public var quarterTurns = 0
    /// Whether the view then flips the picture left to right.
    public var mirrored = false

    /// How far zoom steps go (the wheel, `+` and `-`).
    static let zoomStep = 1.25
    /// The largest zoom: 32 window pixels per picture pixel.
    static let largestZoom = 32.0

    /// The view of `index`, fitted.
    init(index: Int, picture: Size) {
        self.index = index
        center = Point(x: picture.width / 2, y: picture.height / 2)
    }

    /// The picture's size as shown: its sides swapped by a quarter turn.
    func shown(_ picture: Size) -> Size {
        quarterTurns % 2 == 0 ? picture : Size(width: picture.height, height: picture.width)
    }

    /// Turns the picture as it shows a quarter clockwise (or counterclockwise), fitted again.
    mutating func turn(clockwise: Bool, picture: Size) {
        // Flipped, a turn of what shows is the other turn of the picture underneath.
        quarterTurns = (quarterTurns + (clockwise != mirrored ? 1 : 3)) % 4
        fit(picture)
    }

    /// Flips the picture as it shows left to right (or, `vertically`, top to bottom), fitted again.
    mutating func flip(vertically: Bool, picture: Size) {
        mirrored.toggle()
        if vertically { quarterTurns = (quarterTurns + 2) % 4 }
        fit(picture)
    }

    private mutating func fit(_ picture: Size) {
        zoom = nil
        let shown = shown(picture)
        center = Point(x: shown.width / 2, y: shown.height / 2)
    }

    /// The zoom that fits the picture in the window, never above 1.
    static func fitZoom(picture: Size, window: Size) -> Double {
        guard picture.width > 0, picture.height > 0 else { return 1 }
        return min(1, window.width / picture.width, window.height / picture.height)
    }

    /// The zoom in force.
    func scale(picture: Size, window: Size) -> Double {
        zoom ?? Self.fitZoom(picture: picture, window: window)
    }

    /// Where the picture is drawn in the window.
    func rect(picture: Size, window: Size) -> Rect {
        let scale = scale(picture: picture, window: window)
        let centre = zoom == nil ? Point(x: picture.width / 2, y: picture.height / 2) : center
        return Rect(
            x: window.width / 2 - centre.x * scale, y: window.height / 2 - centre.y * scale,
            width: picture.width * scale, height: picture.height * scale)
    }

    /// Zooms by `factor` about the window point `anchor`, which keeps showing the same picture point.
    mutating func zoom(by factor: Double, about anchor: Point, picture: Size, window: Size) {
        let old = scale(picture: picture, window: window)
        let drawn = rect(picture: picture, window: window)
        let pointed = Point(x: (anchor.x - drawn.minX) / old, y: (anchor.y - drawn.minY) / old)
        var new = min(Self.largestZoom, max(Self.fitZoom(picture: picture, window: window) / 4, old * factor))
        // A step across 100% stops there: the picture's own pixels, one to one.
        if (old < 1 && new > 1) || (old > 1 && new < 1) { new = 1 }
        zoom = new
        center = Point(
            x: pointed.x + (window.width / 2 - anchor.x) / new, y: pointed.y + (window.height / 2 - anchor.y) / new)
    }

    /// Whether an arrow key (`key`: left, right, up or down) pans: the picture overflows the window
    /// across that direction.
    func canPan(_ key: KeyCommand, picture: Size, window: Size) -> Bool {
        let drawn = rect(picture: picture, window: window)
        return key == .left || key == .right ? drawn.width > window.width + 0.5 : drawn.height > window.height + 0.5
    }

    /// Pans a fifth of the window towards what lies that way (`key`: left, right, up or down), the
    /// picture's edge not past the window's.
    mutating func pan(_ key: KeyCommand, picture: Size, window: Size) {
        let drawn = rect(picture: picture, window: window)
        let across = (window.width / 5, window.height / 5)
        let offset: Vector =
            switch key {
            case .left: Vector(dx: min(across.0, max(0, -drawn.minX)), dy: 0)
            case .right: Vector(dx: -min(across.0, max(0, drawn.maxX - window.width)), dy: 0)
            case .lineUp: Vector(dx: 0, dy: min(across.1, max(0, -drawn.minY)))
            default: Vector(dx: 0, dy: -min(across.1, max(0, drawn.maxY - window.height)))
            }
        pan(by: offset, picture: picture, window: window)
    }

    /// Moves the picture with the pointer by a window distance.
    mutating func pan(by offset: Vector, picture: Size, window: Size) {
        let scale = scale(picture: picture, window: window)
        if zoom == nil {
            zoom = scale
            center = Point(x: picture.width / 2, y: picture.height / 2)
        }
        center = Point(x: center.x - offset.dx / scale, y: center.y - offset.dy / scale)
    }
}
