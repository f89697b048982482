/// A location in the layout's coordinate space, in pixels, with y growing downward.
public struct Point: Hashable, Sendable, Codable, BitwiseCopyable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The point moved by a vector.
    public static func + (point: Point, offset: Vector) -> Point {
        Point(x: point.x + offset.dx, y: point.y + offset.dy)
    }

    /// The point moved against a vector.
    public static func - (point: Point, offset: Vector) -> Point {
        Point(x: point.x - offset.dx, y: point.y - offset.dy)
    }

    /// The vector that leads from `start` to `end`.
    public static func - (end: Point, start: Point) -> Vector {
        Vector(dx: end.x - start.x, dy: end.y - start.y)
    }

    /// Moves the point by a vector.
    public static func += (point: inout Point, offset: Vector) {
        point = point + offset
    }

    /// The distance to another point.
    public func distance(to other: Point) -> Double {
        (other - self).length
    }
}
