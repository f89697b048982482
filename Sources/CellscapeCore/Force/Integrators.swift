/// Heavy-ball momentum with a per-cell restart and a cap on the distance moved per step.
///
/// The original step, `seed`, needs no type: the position moves by the force.
///
/// v = (v . F < 0 ? 0 : momentum * v) + F, capped at `maximumStep`; then p += v. When the velocity is
/// kept, v . F >= 0 and so |v| >= |F|; when it is dropped, v = F. Either way a cell moves at least as far
/// as the seed step would move it, unless the cap applies: a step in which no cell moves the settle
/// threshold is one in which the seed step would not move any cell that far either.
///
/// A crowded cell is the exception: where the repulsion's stiffness (the sum of 2 Q^3 / r^3 over the
/// other cells) exceeds `stiffnessLimit`, a step of the full force would overshoot and oscillate, as
/// gradient descent does past a step of 2 / stiffness; the force is scaled by `stiffnessLimit /
/// stiffness` (a diagonal preconditioner). Cells of a 1,000-cell layout are never that crowded.
struct DampedStep {
    var momentum: Double
    var maximumStep: Double
    var stiffnessLimit: Double

    /// The cell's new velocity, which is also how far it moves this step; stored as its velocity.
    @inline(__always)
    func velocity(_ index: Int, cells: CellPointers, force: Vector, stiffness: Double) -> Vector {
        let force = stiffness > stiffnessLimit ? force * (stiffnessLimit / stiffness) : force
        var velocity = cells.velocity[index]
        velocity = velocity.dot(force) < 0 ? force : velocity * momentum + force
        let squaredSpeed = velocity.squaredLength
        if squaredSpeed > maximumStep * maximumStep {
            velocity = velocity * (maximumStep / squaredSpeed.squareRoot())
        }
        cells.velocity[index] = velocity
        return velocity
    }
}
