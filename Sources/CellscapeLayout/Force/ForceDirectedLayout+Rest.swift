/// How a damped layout comes to rest, and how one thrown in or read back starts near it.
///
/// Settled means at rest under the seed's criterion: no cell moves the settle threshold in a step taken
/// from the positions alone (no momentum, every cell's whole share of a step). After `settleSteps` quiet
/// steps the layout comes to rest: velocities are dropped, every cell's share of a step is made whole
/// again, and static friction holds each cell among others whose move is shorter than the threshold. The
/// next step is the test: quiet, the layout is settled; not quiet, it steps on at rest until it is quiet
/// that long again. A cell slowed while it swung in a groove is so tested at its whole step, and a settled
/// layout read back from its positions alone is settled at its first step.
extension ForceDirectedLayout {
    /// Updates ``isSettled`` after a step that moved the cells by `movement`.
    mutating func settle(after movement: Movement, workspace: ForceWorkspace) {
        guard settings.integrator == .damped else {
            isSettled = movement.total < settings.settleThreshold
            return
        }
        let quiet = movement.largest < settings.settleThreshold
        quietSteps = quiet ? quietSteps + 1 : 0
        if isProbingRest {
            isProbingRest = false
            isSettled = quiet
            // A crowd read back that is not at rest moves on as any other, with momentum.
            if !quiet && probeWakes { isResting = false }
            probeWakes = false
        } else if !quiet {
            isSettled = false
        } else if !isSettled && quietSteps >= settings.settleSteps {
            // Growing cells that cannot take their full size yet keep the layout moving on.
            // (Without collisions the collision radius does not matter: nothing waits for it.)
            if !isGrowing || !settings.collisions || finishGrowing(workspace: workspace) {
                comeToRest(workspace: workspace)
            }
        }
    }

    /// Drops every velocity (the momentum of the quiet steps would carry cells past the friction), makes
    /// every share of a step whole, and tests the next step, on a quadtree built anew: the forces a layout
    /// read back from these positions feels (a kept tree's drift moved a cell's step by a hundredth).
    private mutating func comeToRest(workspace: ForceWorkspace) {
        workspace.invalidateTree()
        isResting = true
        isProbingRest = true
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
            if crowd {
                isResting = true
                isProbingRest = true
                probeWakes = true
            }
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
