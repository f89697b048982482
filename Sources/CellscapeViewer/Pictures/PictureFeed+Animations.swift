import CellscapeLayout
import CellscapePictures
import CellscapeRender

extension PictureFeed {
    /// Plays the animations among `indices` (tiles on screen, or the open picture) at `side`, and stops
    /// every other, giving its frames back: what scrolled away stops.
    public func play(_ indices: [Int], side: Int, now: UInt64) {
        let wanted = Set(indices.filter { headers.indices.contains($0) && headers[$0]?.isAnimated == true })
        for (index, animation) in animations where !wanted.contains(index) || animation.side != side {
            loader.stopFrames(index: index, side: animation.side)
            animations[index] = nil
        }
        shareMemory()
        for index in wanted where animations[index] == nil && !broken.contains(index) {
            animations[index] = PlayingAnimation(side: side)
        }
        requestFrames()
    }

    /// The pictures whose animations play now.
    public var playingAnimations: [Int] { animations.keys.sorted() }

    /// The frame that shows now for picture `index` when it plays, else nil.
    public func animationFrame(_ index: Int) -> Framebuffer? { animations[index]?.shown?.picture }

    /// Frame number and count (when known) of the animation of `index`, for the HUD.
    public func animationPosition(_ index: Int) -> (frame: Int, count: Int?)? {
        guard let animation = animations[index], let current = animation.current else { return nil }
        return (current, animation.count)
    }

    /// Moves every animation whose next frame is due and decoded on to it; returns whether a shown
    /// frame changed.
    @discardableResult
    public func advanceAnimations(to now: UInt64) -> Bool {
        guard !animationsPaused else { return false }
        var changed = false
        let keeps = animationBytes <= animationBudget
        for index in Array(animations.keys) {
            if animations[index]?.advance(to: now, keepsFrames: keeps) == true { changed = true }
        }
        if changed {
            requestFrames()
            shareMemory()
        }
        return changed
    }

    /// The earliest time an animation moves on, nil when none can before more frames arrive.
    public var nextAnimationDeadline: UInt64? {
        guard !animationsPaused else { return nil }
        return animations.values.compactMap(\.nextDeadline).min()
    }

    /// Pauses or resumes every animation (a resumed one goes on from its frame, its clock restarted).
    public func setAnimationsPaused(_ paused: Bool, now: UInt64) {
        animationsPaused = paused
        if !paused { for index in Array(animations.keys) { animations[index]?.resume(at: now) } }
    }

    /// Shows the next (or previous) frame of animation `index` at once; returns whether it moved.
    @discardableResult
    public func stepAnimation(_ index: Int, by offset: Int, now: UInt64) -> Bool {
        let moved = animations[index]?.step(by: offset, now: now) ?? false
        requestFrames()
        return moved
    }

    /// Frames shown so far by the animations playing, and how many of them late.
    public var animationFrames: (shown: Int, late: Int) {
        animations.values.reduce((0, 0)) { ($0.0 + $1.shownFrames, $0.1 + $1.lateFrames) }
    }

    /// The bytes of animation frames that may be kept behind the ones shown: what plays on screen
    /// comes first, so up to nine tenths of the bound (the thumbnails keep the rest, those on screen
    /// used most recently).
    var animationBudget: Int { memoryBytes - memoryBytes / 10 }

    /// The bytes of the animation frames held now.
    var animationBytes: Int { animations.values.reduce(0) { $0 + $1.bytes } }

    /// Takes frames that arrived for an animation still playing at their side.
    func receiveFrames(
        _ frames: [AnimationFrame], index: Int, side: Int, count: Int?, plays: Int?, problem: String?, now: UInt64
    ) {
        if let problem, frames.isEmpty, animations[index]?.current == nil {
            animations[index] = nil
            markBroken(index, problem)
            return
        }
        guard animations[index]?.side == side else { return }
        animations[index]?.receive(frames, count: count, plays: plays, now: now)
        if animations[index]?.holdsAll == true { loader.stopFrames(index: index, side: side) }
        requestFrames()
        shareMemory()
    }

    /// Gives the thumbnails what the animation frames leave of the memory bound.
    func shareMemory() {
        memory.setCapacity(memoryBytes - min(animationBytes, animationBudget))
    }

    /// Asks the loader for what each animation lacks of its frames ahead: the open picture's first,
    /// tiles' among the thumbnails on screen.
    func requestFrames() {
        let ahead = animationBytes < animationBudget ? PlayingAnimation.ahead : PlayingAnimation.aheadWhenFull
        for (index, animation) in animations {
            let count = animation.framesToRequest(ahead: ahead)
            guard count > 0 else { continue }
            animations[index]?.requested += count
            let priority = animation.side > side ? -3 : index
            loader.requestFrames(index: index, side: animation.side, count: count, priority: priority)
        }
    }
}
