/// Heavy-ball momentum with a per-cell restart and a cap on the distance moved per step.
///
/// The original step, `seed`, needs no type: the position moves by the force.
///
/// v = (v . sF < 0 ? 0 : momentum * v) + s F, capped at `maximumStep`; then p += v. When the velocity
/// is kept, v . F >= 0 and so |v| >= s |F|; when it is dropped, v = s F. Either way a cell moves at
/// least s times as far as the seed step would move it, unless the cap applies.
///
/// s is the cell's share of a full step: 1, halved (down to 1/64) each time a move shorter than a pixel,
/// held back by a neighbour it touches, reverses the cell's last move; back to 1 once it moves a pixel
/// or more. A cell pressed into a groove between neighbours, sliding back and forth along it, so comes
/// to rest instead of swinging forever (such swings kept 10,000-cell layouts from settling for thousands
/// of steps). A cell that touches nothing keeps s = 1, so a step in which no free cell moves the settle
/// threshold is one in which the seed step would not move it that far either. (Slowing every reversing
/// cell settled 1,000 cells in 80 to 100 steps, but some then had forces of 0.5 px left.)
///
/// A crowded cell is the exception: where the repulsion's stiffness (the sum of 2 Q^3 / r^3 over the
/// other cells) exceeds `stiffnessLimit`, a step of the full force would overshoot and oscillate, as
/// gradient descent does past a step of 2 / stiffness; the force is scaled by `stiffnessLimit /
/// stiffness` (a diagonal preconditioner). Cells of a 1,000-cell layout are never that crowded.
struct DampedStep {
    var momentum: Double
    var maximumStep: Double
    var stiffnessLimit: Double

    /// The smallest share of a full step a swinging cell is slowed to.
    static let smallestScale = 1.0 / 64
    /// Moves shorter than this that reverse the cell's last move count as a swing.
    static let swingLength = 1.0

    /// The cell's new velocity, which is also how far it moves this step; stored as its velocity.
    @inline(__always)
    func velocity(_ index: Int, cells: CellPointers, force: Vector, stiffness: Double) -> Vector {
        var force = stiffness > stiffnessLimit ? force * (stiffnessLimit / stiffness) : force
        force = force * cells.stepScale[index]
        let velocity = Self.advance(cells.velocity[index], by: force, momentum: momentum, maximumStep: maximumStep)
        cells.velocity[index] = velocity
        return velocity
    }

    /// The heavy-ball step with its restart and cap: `velocity` kept at `momentum` and pushed by `force`,
    /// or dropped when it points against the force, and no longer than `maximumStep`.
    @inline(__always)
    static func advance(_ velocity: Vector, by force: Vector, momentum: Double, maximumStep: Double) -> Vector {
        var velocity = velocity.dot(force) < 0 ? force : velocity * momentum + force
        let squaredSpeed = velocity.squaredLength
        if squaredSpeed > maximumStep * maximumStep {
            velocity = velocity * (maximumStep / squaredSpeed.squareRoot())
        }
        return velocity
    }

    /// Updates the cell's share of a full step from its final move and its move before: halved when a
    /// short move held back by a neighbour reverses the last one, back to 1 when it moves a pixel or more.
    @inline(__always)
    static func updateScale(_ index: Int, cells: CellPointers, move: Vector, lastMove: Vector, limited: Bool) {
        if move.squaredLength >= swingLength * swingLength {
            cells.stepScale[index] = 1
        } else if limited && move.dot(lastMove) < 0 {
            cells.stepScale[index] = max(cells.stepScale[index] / 2, smallestScale)
        }
    }
}
