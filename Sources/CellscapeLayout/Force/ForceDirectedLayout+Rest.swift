/// How a damped layout comes to rest, and how one thrown in or read back starts near it.
///
/// Settled means at rest under the seed's criterion: no cell moves the settle threshold in a step taken
/// from the positions alone (no momentum, every cell's whole share of a step). After `settleSteps` quiet
/// steps the layout comes to rest: velocities are dropped, every cell's share of a step is made whole
/// again, and static friction holds each cell among others whose move is shorter than the threshold. The
/// next step is the test: quiet, the layout is settled; not quiet, it steps on at rest until it is quiet
/// that long again. A cell slowed while it swung in a groove is so tested at its whole step, and a settled
/// layout read back from its positions alone is settled at its first step.
///
/// Quiet is not yet a true equilibrium: a cell 15 px from where the spring pulls it moves less than the
/// threshold. At a true equilibrium the pair forces cancel, so the spring's pull on the centroid is zero:
/// a quiet layout whose centroid is off the centre (``ForceSettings/centroidTolerance``) first glides
/// there by the motion all cells share (``SharedMotion``), then rests.
extension ForceDirectedLayout {
    /// Whether a damped layout moves, rests, or takes the step that tests its rest.
    enum Rest: Equatable {
        /// Cells move with momentum.
        case moving
        /// Cells step without momentum, and static friction holds crowded ones.
        case resting
        /// At rest, this step is the test: quiet, the layout is settled. One read back from its
        /// positions (not brought to rest) moves on with momentum when the test fails.
        case testing(wakesWhenMoved: Bool)

        /// Whether cells step without momentum and under static friction.
        var isResting: Bool { self != .moving }
    }

    /// Updates ``isSettled`` after a step that moved the cells by `movement`.
    mutating func settle(after movement: Movement, workspace: ForceWorkspace) {
        guard settings.integrator == .damped else {
            isSettled = movement.total < settings.settleThreshold
            return
        }
        let quiet = movement.largest < settings.settleThreshold
        quietSteps = quiet ? quietSteps + 1 : 0
        if case .testing(let wakesWhenMoved) = rest {
            let centred = isCentred
            isSettled = quiet && centred
            // A crowd read back that is not at rest moves on as any other, with momentum.
            rest = !quiet && wakesWhenMoved ? .moving : .resting
            // Quiet off the centre (a lone cell read back 10 px from it), it glides there first.
            if quiet && !centred && sharedMotion == nil { sharedMotion = SharedMotion(momentum: settings.momentum) }
        } else if !quiet {
            isSettled = false
        } else if !isSettled && quietSteps >= settings.settleSteps {
            if !isCentred {
                // The centroid glides to the centre first; the layout stays quiet meanwhile.
                if sharedMotion == nil { sharedMotion = SharedMotion(momentum: settings.momentum) }
                return
            }
            // Growing cells that cannot take their full size yet keep the layout moving on.
            // (Without collisions the collision radius does not matter: nothing waits for it.)
            if !isGrowing || !settings.collisions || finishGrowing(workspace: workspace) {
                comeToRest(workspace: workspace)
            }
        }
    }

    /// Whether the cells' centroid is within ``ForceSettings/centroidTolerance`` of the centre, or need not
    /// be: a pinned cell bears a load of its own. Summed in storage order, so the same on any thread count.
    var isCentred: Bool {
        guard pinnedCell == nil, store.count > 0 else { return true }
        var x = 0.0
        var y = 0.0
        for index in 0..<store.count {
            x += store.x[index]
            y += store.y[index]
        }
        let count = Double(store.count)
        let offset = Vector(dx: x / count - center.x, dy: y / count - center.y)
        return offset.squaredLength <= ForceSettings.centroidTolerance * ForceSettings.centroidTolerance
    }

    /// Drops every velocity (the momentum of the quiet steps would carry cells past the friction), makes
    /// every share of a step whole, and tests the next step, on a quadtree built anew: the forces a layout
    /// read back from these positions feels (a kept tree's drift moved a cell's step by a hundredth).
    private mutating func comeToRest(workspace: ForceWorkspace) {
        workspace.invalidateTree()
        rest = .testing(wakesWhenMoved: false)
        for index in store.velocity.indices { store.velocity[index] = .zero }
        sharedMotion = nil
        if stepScalesMayBeSlowed {
            for index in store.stepScale.indices { store.stepScale[index] = 1 }
            stepScalesMayBeSlowed = false
        }
    }

    /// Cells just added take their full size at once where they have room; a crowd added at once (more
    /// than half the cells) with room for every cell, as a layout read back from its positions, tests its
    /// first step for rest; a crowd thrown in (most of it overlapping) that will pack starts packed
    /// (``PackedStart``).
    mutating func startNearTheAnswer(added: Int, workspace: ForceWorkspace) {
        guard isGrowing, settings.collisions else { return }
        let crowd = added * 2 > store.count && settings.integrator == .damped && pinnedCell == nil
        if finishGrowing(workspace: workspace) {
            if crowd { rest = .testing(wakesWhenMoved: true) }
            return
        }
        let radius = store.radius[0]
        let threads = settings.threads
        guard crowd, store.radius.allSatisfy({ $0 == radius }),
            PackedStart.packs(count: store.count, radius: radius, settings: settings),
            store.withPointers({ workspace.overlappingAtFullSize(cells: $0, threads: threads) }) * 2 > store.count
        else { return }
        let center = center
        store.withPointers { PackedStart.place(cells: $0, radius: radius, center: center) }
        store.collisionRadius = store.radius
        isGrowing = false
        mayOverlap = false
    }

    /// Gives every growing cell its full collision radius at once if that makes no cells overlap, and
    /// returns whether it did: a layout at rest with room for every cell need not wait for them to grow.
    /// `workspace` is the step's own (asking for a unique one while the step holds it made a new one).
    mutating func finishGrowing(workspace: ForceWorkspace) -> Bool {
        let threads = settings.threads
        let overlapping = store.withPointers {
            workspace.overlappingAtFullSize(cells: $0, threads: threads, stoppingAtFirst: true)
        }
        guard overlapping == 0 else { return false }
        store.collisionRadius = store.radius
        isGrowing = false
        return true
    }
}
