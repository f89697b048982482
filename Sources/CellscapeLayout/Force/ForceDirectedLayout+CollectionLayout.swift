extension ForceDirectedLayout: CollectionLayout {
    /// Takes the new bounds; when their centre moves, the simulation wakes and cells flow there: the
    /// spring's pull on their centroid moves all of them alike, so a packed crowd glides as one body.
    public mutating func prepare(bounds newBounds: Rect) {
        if newBounds.center != bounds.center {
            wake()
            if store.count > 0 && sharedMotion == nil { sharedMotion = SharedMotion(momentum: settings.momentum) }
        }
        bounds = newBounds
    }

    /// The size of the bounds together with every cell, which may spill out of them.
    public var contentSize: Size {
        (cellBounds.map { $0.union(bounds) } ?? bounds).size
    }

    /// The cells whose square frames intersect `rect`, in index order. O(n).
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        var found: [LayoutAttributes] = []
        for (index, stored) in store.storageIndex.lazy.map(Int.init).enumerated() {
            let frame = Rect(
                center: Point(x: store.x[stored], y: store.y[stored]), radius: store.radius[stored])
            if frame.intersects(rect) { found.append(LayoutAttributes(index: index, frame: frame)) }
        }
        return found
    }

    /// True when the size changes: the centre, and so every cell's resting place, moves.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != bounds.size
    }

    /// Wakes the simulation; the next ``prepare(bounds:)`` sets the new centre.
    public mutating func invalidate() {
        wake()
    }

    /// Marks the simulation as moving again.
    mutating func wake() {
        // Only this layout's own workspace: a copy sharing it keeps its tree.
        uniqueWorkspace().invalidateTree()
        isSettled = false
        rest = .moving
        quietSteps = 0
        mayOverlap = true
        if stepScalesMayBeSlowed {
            for index in store.stepScale.indices { store.stepScale[index] = 1 }
            stepScalesMayBeSlowed = false
        }
    }
}
