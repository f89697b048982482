import CellscapeLayout
import CellscapePictures

/// What a selection or a mark holds on to: a picture, or a generated item (which never moves).
enum GridItemKey: Hashable, Sendable {
    case item(Int)
    case picture(PictureID)

    /// The key of the item at `position` of the grid of `pictures` (of generated items without).
    init(at position: Int, of pictures: PictureFeed?) {
        guard let pictures, position >= 0, position < pictures.count else {
            self = .item(position)
            return
        }
        self = .picture(pictures.order[position])
    }

    /// Where the item is now in the grid of `pictures`, nil once its picture went.
    func position(in pictures: PictureFeed?) -> Int? {
        switch self {
        case .item(let position): position
        case .picture(let id): pictures?.order.position(of: id)
        }
    }
}

/// Where the user is in the grid, as of the last look while the layout was the order's: the
/// selected tile if it shows, else the one at the top, and how far from the window's top it is.
struct GridPlace {
    var key: GridItemKey
    var screenY: Double
    var isSelection: Bool
}

/// The grid's motion: how far it is scrolled, a fling's speed, a drag under way.
struct GridMotion {
    /// Pixels per wheel notch.
    static let wheelStep = 100.0
    /// The fraction of its speed a fling keeps from one frame to the next.
    static let friction = 0.94
    /// How far the pointer may move, in pixels, for a press and release to count as a click.
    static let clickSlop = 4.0

    /// The content y at the top of the window.
    var offset = 0.0
    /// The fling's speed in pixels per frame (positive: down the feed).
    var velocity = 0.0
    /// A press not yet released: where it started and last was, the offset then, whether it moved
    /// past a click, and its last speed.
    var drag: (start: Point, last: Point, startOffset: Double, moved: Bool, speed: Double)?

    /// Follows a drag to `point`; returns the offset to scroll to once it moved more than `slop`
    /// pixels from where it started (before, it may still be a click).
    mutating func dragged(to point: Point, slop: Double = clickSlop) -> Double? {
        guard var current = drag else { return nil }
        if abs(point.y - current.start.y) > slop || abs(point.x - current.start.x) > slop { current.moved = true }
        current.speed = current.last.y - point.y
        current.last = point
        drag = current
        return current.moved ? current.startOffset - (point.y - current.start.y) : nil
    }

    /// Slows a fling by `friction` for the next frame; it stops when slow or `atEnd` of the content.
    mutating func slow(by friction: Double = friction, atEnd: Bool) {
        velocity *= friction
        if abs(velocity) < 0.2 || atEnd { velocity = 0 }
    }

    /// Ends a drag at `point`: a drag that moved flings on at its last speed; one that did not is a
    /// click, whose point it returns.
    mutating func released(at point: Point) -> Point? {
        guard let current = drag else { return nil }
        drag = nil
        if current.moved { velocity = current.speed }
        return current.moved ? nil : point
    }
}

/// The items held by key, so they stay with their pictures whatever becomes of the order: the
/// selected one, the marked ones, and the sensitive ones revealed.
struct HeldItems {
    var selected: GridItemKey?
    var marked = Set<GridItemKey>()
    var revealed = Set<GridItemKey>()

    /// Applies a marking key to `item` (the selected or open one, if any), `all` the keys of every
    /// item (needed to invert the marks); returns false for other keys.
    mutating func mark(_ key: KeyCommand, item: GridItemKey?, all: [GridItemKey]) -> Bool {
        switch key {
        case .toggleMark:
            if let item, marked.remove(item) == nil { marked.insert(item) }
        case .invertMarks: marked = Set(all).subtracting(marked)
        case .clearMarks: marked.removeAll()
        case .revealSensitive:
            if let item, revealed.remove(item) == nil { revealed.insert(item) }
        default: return false
        }
        return true
    }
}

/// How the grid follows the feed's order: the count of rearrangements it laid out, and where the
/// user was at the last look while it was laid out (``WaterfallScene/notePlace()``).
struct OrderFollowing {
    var rearrangements = 0
    var place: GridPlace?
}
