/// Hooke's spring pulling every cell to the centre: F = -k (p - c).
struct CenterSpring {
    /// The spring constant k.
    var stiffness: Double
    /// The point the cells are pulled to.
    var center: Point

    /// The spring's force on a cell at (x, y).
    @inline(__always)
    func force(x: Double, y: Double) -> (x: Double, y: Double) {
        (-stiffness * (x - center.x), -stiffness * (y - center.y))
    }
}
