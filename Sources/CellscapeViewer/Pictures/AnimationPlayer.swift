import CellscapePictures

/// The animations playing (tiles on screen, or the open picture), by picture: their frames, their
/// deadlines, which moved on last, and whether all are paused. What they ask of the loader and how
/// they share the memory bound with the thumbnails, the feed decides.
struct AnimationPlayer {
    /// The animations playing, by picture.
    var playing: [PictureID: PlayingAnimation] = [:]
    /// The pictures whose shown frame the last ``advance(to:early:budget:inOrder:)`` changed.
    private(set) var advanced: [PictureID] = []
    /// Whether every animation is paused (a key).
    private(set) var isPaused = false

    /// Moves every animation whose next frame is due (or due within `early` of `now`) and decoded on
    /// to it, `inOrder` (the order shown); returns whether a shown frame changed. The first animations
    /// keep their frames while together they fit `budget` bytes; those after drop each frame behind
    /// them (past the budget, all dropping alike, none would ever hold all its frames).
    mutating func advance(to now: UInt64, early: UInt64, budget: Int, inOrder ids: [PictureID]) -> Bool {
        advanced.removeAll(keepingCapacity: true)
        guard !isPaused else { return false }
        var held = 0
        for id in ids {
            held += playing[id]?.bytes ?? 0
            if playing[id]?.advance(to: now, early: early, keepsFrames: held <= budget) == true { advanced.append(id) }
        }
        return !advanced.isEmpty
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

    /// Frames shown so far, and how many of them late.
    var frames: (shown: Int, late: Int) {
        playing.values.reduce((0, 0)) { ($0.0 + $1.shownFrames, $0.1 + $1.lateFrames) }
    }

    /// Forgets the pictures `ids`.
    mutating func forget(_ ids: Set<PictureID>) {
        for id in ids { playing[id] = nil }
        advanced.removeAll { ids.contains($0) }
    }
}
