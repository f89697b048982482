/// One round cell of a force-directed layout.
public struct Cell: Identifiable, Hashable, Sendable {
    /// A number that identifies the cell for as long as it lives in its layout.
    public var id: Int
    /// The position of the cell's centre.
    public var position: Point
    /// The cell's radius.
    public var radius: Double

    /// Creates a cell.
    public init(id: Int, position: Point, radius: Double) {
        self.id = id
        self.position = position
        self.radius = radius
    }
}

/// How far the cells moved in one step.
public struct Movement: Hashable, Sendable {
    /// The sum over all cells of the distance each moved.
    public var total: Double
    /// The largest distance any one cell moved.
    public var largest: Double

    /// No movement at all.
    public static let zero = Movement(total: 0, largest: 0)

    /// Creates a movement summary.
    public init(total: Double, largest: Double) {
        self.total = total
        self.largest = largest
    }
}
