import CellscapePictures

/// The animations playing (tiles on screen, or the open picture), by picture: their frames, their
/// deadlines, which moved on last, and whether all are paused; it asks the loader for their frames
/// and gives them back. How much of the memory bound they take, the feed says (`budget`).
struct AnimationPlayer {
    /// The animations playing, by picture.
    var playing: [PictureID: PlayingAnimation] = [:]
    /// The pictures whose shown frame the last ``advance(to:early:budget:inOrder:)`` changed.
    private(set) var advanced: [PictureID] = []
    /// Whether every animation is paused (a key).
    private(set) var isPaused = false
    /// Frames shown, and how many late, by the animations that stopped since.
    private var stoppedFrames = (shown: 0, late: 0)

    /// Moves every animation whose next frame is due (or due within `early` of `now`) and decoded on
    /// to it, `inOrder` (the order shown); returns whether a shown frame changed. The first animations
    /// keep their frames while together they fit `budget` bytes, less room for every animation's
    /// frames ahead; those after drop each frame behind them (past the budget, all dropping alike,
    /// none would ever hold all its frames).
    mutating func advance(to now: UInt64, early: UInt64, budget: Int, inOrder ids: [PictureID]) -> Bool {
        advanced.removeAll(keepingCapacity: true)
        guard !isPaused else { return false }
        let keeping = budget - framesAhead(budget: budget).bytes
        var held = 0
        for id in ids {
            held += playing[id]?.bytes ?? 0
            if playing[id]?.advance(to: now, early: early, keepsFrames: held <= keeping) == true {
                advanced.append(id)
            }
        }
        return !advanced.isEmpty
    }

    /// How many frames each animation decodes ahead of the one shown, and the room they take: as many
    /// as ``PlayingAnimation/ahead`` while that fits `budget`. That room comes before frames kept to
    /// loop: clips held whole left the others two frames ahead, and one of their frames in seven late.
    func framesAhead(budget: Int) -> (count: Int, bytes: Int) {
        let frameBytes = playing.values.reduce(0) { $0 + $1.frameBytes }
        let room = PlayingAnimation.ahead * frameBytes
        return room <= budget ? (PlayingAnimation.ahead, room) : (PlayingAnimation.aheadWhenFull, 0)
    }

    /// The earliest time an animation moves on, nil when none can before more frames arrive.
    var nextDeadline: UInt64? { isPaused ? nil : playing.values.compactMap(\.nextDeadline).min() }

    /// Pauses or resumes every animation (a resumed one goes on from its frame, its clock restarted).
    mutating func setPaused(_ paused: Bool, now: UInt64) {
        isPaused = paused
        if !paused { for id in Array(playing.keys) { playing[id]?.resume(at: now) } }
    }

    /// The bytes of the animation frames held now.
    var bytes: Int { playing.values.reduce(0) { $0 + $1.bytes } }

    /// Frames shown so far, and how many of them late, by every animation that played.
    var frames: (shown: Int, late: Int) {
        playing.values.reduce(stoppedFrames) { ($0.0 + $1.shownFrames, $0.1 + $1.lateFrames) }
    }

    /// Stops picture `id`'s animation, its frames shown kept in the counts; returns it.
    @discardableResult
    private mutating func remove(_ id: PictureID) -> PlayingAnimation? {
        guard let animation = playing.removeValue(forKey: id) else { return nil }
        stoppedFrames.shown += animation.shownFrames
        stoppedFrames.late += animation.lateFrames
        return animation
    }

    /// Forgets the pictures `ids`.
    mutating func forget(_ ids: Set<PictureID>) {
        for id in ids { remove(id) }
        advanced.removeAll { ids.contains($0) }
    }

    /// Plays the pictures `wanted`, each at `side(id)`, and stops every other, giving its frames back
    /// to `loader`: what scrolled away stops. Those that `stream` drop each frame once shown.
    mutating func play(
        _ wanted: Set<PictureID>, side: (PictureID) -> Int, streams: (PictureID) -> Bool = { _ in false },
        loader: PictureLoader
    ) {
        for (id, animation) in playing where !wanted.contains(id) || animation.side != side(id) {
            loader.stopFrames(id, side: animation.side)
            remove(id)
        }
        for id in wanted where playing[id] == nil {
            playing[id] = PlayingAnimation(side: side(id), streams: streams(id))
        }
    }

    /// Moves picture `id`'s video to the frame at `milliseconds` from its start, asking `loader` for
    /// the frames from there at `priority` (the one shown stays until they come).
    mutating func seek(_ id: PictureID, to milliseconds: Int, loader: PictureLoader, priority: Int) {
        guard var animation = playing[id] else { return }
        animation.seek(to: milliseconds)
        animation.requested = PlayingAnimation.ahead
        playing[id] = animation
        loader.seekFrames(
            id, side: animation.side, to: milliseconds, count: PlayingAnimation.ahead, priority: priority)
    }

    /// Stops picture `id`'s animation, if it plays, and its decoding.
    mutating func stop(_ id: PictureID, loader: PictureLoader) {
        if let animation = remove(id) { loader.stopFrames(id, side: animation.side) }
    }

    /// Takes `frames` that arrived for picture `id` at `side` (a problem with them noted by the
    /// caller); returns false when none came and none showed (the picture cannot play).
    mutating func receive(
        _ frames: [AnimationFrame], id: PictureID, side: Int, count: Int?, plays: Int?, failed: Bool, now: UInt64,
        loader: PictureLoader
    ) -> Bool {
        if failed, frames.isEmpty, playing[id]?.current == nil {
            remove(id)
            return false
        }
        guard playing[id]?.side == side else { return true }
        playing[id]?.receive(frames, count: count, plays: plays, now: now)
        if playing[id]?.holdsAll == true { loader.stopFrames(id, side: side) }
        return true
    }

    /// Asks `loader` for what each animation lacks of its frames ahead (fewer when they would not fit
    /// `budget`), at `priority(id, side)`.
    mutating func requestFrames(loader: PictureLoader, budget: Int, priority: (PictureID, Int) -> Int) {
        let ahead = framesAhead(budget: budget).count
        for (id, animation) in playing {
            let count = animation.framesToRequest(ahead: ahead)
            guard count > 0 else { continue }
            playing[id]?.requested += count
            loader.requestFrames(id, side: animation.side, count: count, priority: priority(id, animation.side))
        }
    }
}
