import CellscapeLayout

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
