/// A displacement or a force in the layout's coordinate space.
public struct Vector: Hashable, Sendable, Codable, BitwiseCopyable {
    /// The horizontal component.
    public var dx: Double
    /// The vertical component.
    public var dy: Double

    /// The vector of length zero.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Creates a vector from its components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The Euclidean length.
    public var length: Double { squaredLength.squareRoot() }

    /// The squared Euclidean length, cheaper than ``length`` when only comparing.
    public var squaredLength: Double { dx * dx + dy * dy }

    /// The dot product with another vector.
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The sum of two vectors.
    public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    /// The difference of two vectors.
    public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    /// The opposite vector.
    public static prefix func - (vector: Vector) -> Vector {
        Vector(dx: -vector.dx, dy: -vector.dy)
    }

    /// The vector scaled by a factor.
    public static func * (vector: Vector, factor: Double) -> Vector {
        Vector(dx: vector.dx * factor, dy: vector.dy * factor)
    }

    /// The vector scaled by a factor.
    public static func * (factor: Double, vector: Vector) -> Vector {
        vector * factor
    }

    /// The vector divided by a factor.
    public static func / (vector: Vector, divisor: Double) -> Vector {
        Vector(dx: vector.dx / divisor, dy: vector.dy / divisor)
    }

    /// Adds another vector.
    public static func += (lhs: inout Vector, rhs: Vector) {
        lhs = lhs + rhs
    }
}
