import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// The animations of a feed's pictures, by position in its order: which play (the tiles on screen,
/// or the open picture), their frames as they come and go, their deadlines, pausing, stepping and
/// seeking. Their frames share the feed's memory bound with its thumbnails.
public final class FeedAnimations {
    /// The feed whose pictures play.
    private unowned let feed: PictureFeed
    /// The animations playing (``AnimationPlayer``).
    var player = AnimationPlayer()

    init(feed: PictureFeed) { self.feed = feed }

    private var order: PictureOrder { feed.order }
    private var catalog: PictureCatalog { feed.catalog }
    private var loader: PictureLoader { feed.loader }
    private var count: Int { feed.count }

    /// Whether every animation is paused (a key).
    public var arePaused: Bool { player.isPaused }
    /// Plays the animations among the pictures at `positions` (tiles on screen, or the open picture)
    /// at `side`, or each at its tile's size (``PictureFeed/gridSide(of:)``), and stops every other, giving its
    /// frames back: what scrolled away stops. The `opened` picture plays if it is any video.
    public func play(_ positions: [Int], side: Int? = nil, opened: Bool = false, now: UInt64) {
        let ids = positions.filter { $0 >= 0 && $0 < count }.map { order[$0] }
        let wanted = Set(
            ids.filter { id in
                guard let entry = catalog[id], let header = entry.header, !entry.isBroken else { return false }
                if opened && entry.movesWhenOpened { return true }
                return opened ? header.playsWhenOpen : header.isAnimated
            })
        player.play(
            wanted, side: { side ?? self.feed.gridSide(of: $0) },
            // In the image view a video's frames are large and its length any: they stream. A clip in a
            // tile keeps its frames within the budget, as an animation does.
            streams: { id in
                opened
                    && (self.catalog[id]?.movesWhenOpened == true
                        || self.catalog.header(id)?.format.streamsFrames == true)
            }, loader: loader)
        shareMemory()
        requestFrames()
    }

    /// The positions of the pictures whose animations play now.
    public var playingAnimations: [Int] { player.playing.keys.compactMap(order.position(of:)).sorted() }

    /// The frame that shows now for the picture at `position` when it plays, else nil.
    public func animationFrame(_ position: Int) -> PixelImage? { player.playing[order[position]]?.shown?.picture }

    /// Frame number and count (when known) of the animation at `position`, for the HUD.
    public func animationPosition(_ position: Int) -> (frame: Int, count: Int?)? {
        guard let animation = player.playing[order[position]], let current = animation.current else { return nil }
        return (current, animation.count)
    }

    /// When the frame that shows for the picture at `position` shows, in milliseconds from its first.
    public func animationTime(_ position: Int) -> Int? { player.playing[order[position]]?.shown?.time }

    /// How early the viewer shows an animation's frame: frames due within this of each other show at
    /// one wake (and fall into step), so 30 tiles playing wake the loop about 30 times a second, not 300.
    public static let frameCoalescing: UInt64 = 8_000_000

    /// Moves every animation whose next frame is due (or due within `early` of `now`) and decoded on
    /// to it; returns whether a shown frame changed (``advancedFrames`` says which).
    @discardableResult
    public func advanceAnimations(to now: UInt64, early: UInt64 = 0) -> Bool {
        let inOrder = player.playing.keys.sorted { (order.position(of: $0) ?? -1) < (order.position(of: $1) ?? -1) }
        let changed = player.advance(to: now, early: early, budget: animationBudget, inOrder: inOrder)
        if changed {
            requestFrames()
            shareMemory()
        }
        return changed
    }

    /// The pictures whose shown frame the last ``advanceAnimations(to:early:)`` changed, by position,
    /// with the pixels of the frame that differ from the one before (nil: not known, all of it).
    public var advancedFrames: [(position: Int, changed: PictureRegion?)] {
        player.advanced.compactMap { id in
            order.position(of: id).map { ($0, player.playing[id]?.shown?.changed) }
        }
    }

    /// The earliest time an animation moves on, nil when none can before more frames arrive.
    public var nextAnimationDeadline: UInt64? { player.nextDeadline }

    /// Pauses every animation, or resumes them all (the pause key), at the feed's clock's now.
    public func togglePaused() { setAnimationsPaused(!arePaused, now: feed.clock.now) }

    /// Pauses or resumes every animation (a resumed one goes on from its frame, its clock restarted).
    public func setAnimationsPaused(_ paused: Bool, now: UInt64) { player.setPaused(paused, now: now) }

    /// Shows the next (or previous) frame of the animation at `position` at once; returns whether it
    /// moved. A video that streams its frames (its frames behind are let go) seeks back to the one before.
    @discardableResult
    public func stepAnimation(_ position: Int, by offset: Int, now: UInt64) -> Bool {
        let id = order[position]
        let moved = player.playing[id]?.step(by: offset, now: now) ?? false
        if !moved, offset < 0, let animation = player.playing[id], animation.streams, let shown = animation.shown,
            shown.time > 0
        {
            return seekAnimation(position, to: shown.time - 1)
        }
        requestFrames()
        return moved
    }

    /// Moves the video playing at `position` by `offset` milliseconds (back when negative), within its
    /// length; returns whether it seeked (a video that plays, and the place changed).
    @discardableResult
    public func seekAnimation(_ position: Int, by offset: Int) -> Bool {
        guard let shown = player.playing[order[position]]?.shown else { return false }
        return seekAnimation(position, to: shown.time + offset)
    }

    /// Moves the video playing at `position` to the frame that shows `milliseconds` from its start
    /// (within its length: the last frame's time at most); its frames come from there and the one
    /// shown stays until they do. Returns whether it seeked.
    @discardableResult
    public func seekAnimation(_ position: Int, to milliseconds: Int) -> Bool {
        let id = order[position]
        // A video's frames, or a remote video's movie playing opened (its tile's header is its still's).
        guard let animation = player.playing[id], animation.streams || catalog.header(id)?.format.streamsFrames == true
        else { return false }
        let seconds = feed.length(at: position)
        let last = seconds.map { Int($0 * 1000) - (animation.shown?.milliseconds ?? 1) } ?? Int.max
        let target = max(0, min(milliseconds, last))
        guard target != animation.shown?.time || animation.current == nil else { return false }
        player.seek(id, to: target, loader: loader, priority: -3)
        return true
    }

    /// Frames shown so far by the animations playing, and how many of them late.
    public var animationFrames: (shown: Int, late: Int) { player.frames }

    /// The bytes of animation frames that may be kept behind the ones shown: what plays on screen
    /// comes first, so all but a thirty-second of the bound (8 MB of 256: the thumbnails of a few
    /// screens, those on screen used most recently). An animation that holds all its frames plays
    /// without decoding; one that does not decodes every frame again on every play.
    var animationBudget: Int { feed.thumbnails.bound - feed.thumbnails.bound / 32 }

    /// The bytes of the animation frames held now.
    var animationBytes: Int { player.bytes }

    /// Takes frames that arrived for an animation still playing at their side.
    func receiveFrames(
        _ frames: [AnimationFrame], id: PictureID, side: Int, count: Int?, plays: Int?, problem: PictureProblem?,
        now: UInt64
    ) {
        let plays = player.receive(
            frames, id: id, side: side, count: count, plays: plays, failed: problem != nil, now: now, loader: loader)
        if let problem { plays ? (feed.members.catalog[id]?.note = problem) : feed.members.markBroken(id, problem) }
        guard plays else { return }
        requestFrames()
        shareMemory()
    }

    /// Gives the thumbnails what the animation frames leave of the memory bound.
    func shareMemory() {
        feed.thumbnails.memory.setCapacity(feed.thumbnails.bound - min(animationBytes, animationBudget))
    }

    /// Asks the loader for what each animation lacks of its frames ahead: the open picture's first,
    /// tiles' among the thumbnails on screen.
    func requestFrames() {
        player.requestFrames(loader: loader, budget: animationBudget) { id, side in
            side > self.feed.gridSide(of: id) ? -3 : self.order.position(of: id) ?? Int.max / 2
        }
    }
}
