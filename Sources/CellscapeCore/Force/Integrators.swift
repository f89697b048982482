/// The original step: the position moves by the force, with no memory of earlier steps.
struct SeedStep {
    @inline(__always)
    func move(_ index: Int, cells: CellPointers, forceX: Double, forceY: Double) {
        cells.x[index] += forceX
        cells.y[index] += forceY
    }
}

/// Heavy-ball momentum with a per-cell restart and a cap on the distance moved per step.
///
/// v = (v . F < 0 ? 0 : momentum * v) + F, capped at `maximumStep`; then p += v. When the velocity is
/// kept, v . F >= 0 and so |v| >= |F|; when it is dropped, v = F. Either way a cell moves at least as far
/// as the seed step would move it, unless the cap applies: a step in which no cell moves the settle
/// threshold is one in which the seed step would not move any cell that far either.
struct DampedStep {
    var momentum: Double
    var maximumStep: Double

    @inline(__always)
    func move(_ index: Int, cells: CellPointers, forceX: Double, forceY: Double) {
        var velocityX = cells.velocityX[index]
        var velocityY = cells.velocityY[index]
        if velocityX * forceX + velocityY * forceY < 0 {
            velocityX = forceX
            velocityY = forceY
        } else {
            velocityX = momentum * velocityX + forceX
            velocityY = momentum * velocityY + forceY
        }
        let squaredSpeed = velocityX * velocityX + velocityY * velocityY
        if squaredSpeed > maximumStep * maximumStep {
            let scale = maximumStep / squaredSpeed.squareRoot()
            velocityX *= scale
            velocityY *= scale
        }
        cells.velocityX[index] = velocityX
        cells.velocityY[index] = velocityY
        cells.x[index] += velocityX
        cells.y[index] += velocityY
    }
}
