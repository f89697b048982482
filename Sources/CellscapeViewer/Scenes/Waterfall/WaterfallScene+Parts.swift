import CellscapeLayout

/// The grid's motion: how far it is scrolled, a fling's speed, a drag under way.
struct GridMotion {
    /// The content y at the top of the window.
    var offset = 0.0
    /// The fling's speed in pixels per frame (positive: down the feed).
    var velocity = 0.0
    /// A press not yet released: where it started and last was, the offset then, whether it moved
    /// past a click, and its last speed.
    var drag: (start: Point, last: Point, startOffset: Double, moved: Bool, speed: Double)?
}

/// The items held by key, so they stay with their pictures whatever becomes of the order: the
/// selected one and the marked ones.
struct HeldItems {
    var selected: WaterfallScene.ItemKey?
    var marked = Set<WaterfallScene.ItemKey>()
}

/// How the grid follows the feed's order: the count of rearrangements it laid out, and where the
/// user was at the last look while it was laid out (``WaterfallScene/notePlace()``).
struct OrderFollowing {
    var rearrangements = 0
    var place: WaterfallScene.Place?
}

/// The picture open over the grid and how the image view shows it: which picture and its view, the
/// one to open once its size is known, where the pointer was (to zoom about it), the overlays and
/// the slideshow.
struct OpenPictureState {
    var shown: (item: WaterfallScene.ItemKey, view: PictureView)?
    var pending: WaterfallScene.ItemKey?
    var pointer: Point?
    var showsInfo = false
    var showsCheckerboard = true
    var slideshowRuns = false
}

extension WaterfallScene {
    /// How far the content is scrolled: the content y at the top of the window.
    public internal(set) var scrollOffset: Double {
        get { motion.offset }
        set { motion.offset = newValue }
    }

    /// The fling's speed in pixels per frame (positive: down the feed).
    public internal(set) var velocity: Double {
        get { motion.velocity }
        set { motion.velocity = newValue }
    }

    /// Whether a slideshow runs: the open picture moves on every ``slideshowSeconds``.
    public internal(set) var slideshowRuns: Bool {
        get { open.slideshowRuns }
        set { open.slideshowRuns = newValue }
    }

    /// Whether the open picture's info (date taken, camera, exposure) shows over it.
    public var showsInfo: Bool { open.showsInfo }

    /// Whether an open picture's transparent pixels show a checkerboard (else the plain background).
    public var showsCheckerboard: Bool { open.showsCheckerboard }
}
