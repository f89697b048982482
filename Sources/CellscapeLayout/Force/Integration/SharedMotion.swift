/// The motion all cells share: the spring's pull on their centroid, k (c - mean p), moves every cell
/// alike, as one body, and each cell's own limited move takes the rest of its force.
///
/// A packed crowd cannot follow the centre as separate cells: a cell may close only half the gap to a
/// neighbour as it was before the step, so a crowd pulled aside opens from its leading rim, one ring of
/// cells a step (10,000 packed cells had not come to the centre of a resized window after 3,000 steps).
/// Moved alike, no two cells come closer, and the crowd glides to the new centre with the same heavy-ball
/// momentum and restart as a cell (``DampedStep``), without the crowd's repulsion stiffness, which the
/// shared motion does not stretch. The repulsions sum to nothing over all cells, so the pull is the
/// centroid's whole force.
///
/// It also brings a quiet layout's centroid to the centre before it rests (``ForceSettings/centroidTolerance``):
/// its momentum is the layout's own even while the cells rest without theirs, so a crowd held by static
/// friction glides there as fast as a moving one.
struct SharedMotion: Equatable, Sendable {
    /// The fraction of its velocity the shared motion keeps from one step to the next.
    let momentum: Double
    /// How far every cell moved alike in the last step.
    var velocity = Vector.zero

    /// Advances the shared velocity by `pull` and returns it: the step's shared move.
    mutating func advance(pulledBy pull: Vector, maximumStep: Double) -> Vector {
        velocity = DampedStep.advance(velocity, by: pull, momentum: momentum, maximumStep: maximumStep)
        return velocity
    }
}
