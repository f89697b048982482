/// Cells to lay out, the one owner of their JSON form:
/// `{"width":W,"height":H,"cells":[{"x":..,"y":..,"radius":..}, ...]}` (the radius is optional).
public struct ForceInput: Codable, Hashable, Sendable {
    /// One cell as the file writes it.
    public struct Entry: Codable, Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var radius: Double?
    }

    /// The most cells an input holds.
    public static let limit = 1_000_000

    /// The bounds' size; cells are pulled to its centre.
    public var width: Double
    public var height: Double
    /// The cells in order.
    public var cells: [Entry]

    /// The largest width, height and radius, and the farthest a coordinate may lie from 0: far past any
    /// screen, and near enough that the simulation's sums stay finite.
    public static let largestSize = 1e7
    public static let largestRadius = 1e6
    public static let farthestCoordinate = 1e9

    /// Checks every field: a size that is not a positive number up to ``largestSize``, a coordinate
    /// farther than ``farthestCoordinate``, a radius that is not positive or over ``largestRadius``,
    /// each named by where it is.
    public func check() throws(InputProblem) {
        guard width > 0, height > 0, width <= Self.largestSize, height <= Self.largestSize else {
            throw InputProblem(
                "width and height must be positive numbers up to \(Int(Self.largestSize)), not \(width) and \(height)")
        }
        guard cells.count <= Self.limit else {
            throw InputProblem("\(cells.count) cells, more than the \(Self.limit) allowed")
        }
        for (index, cell) in cells.enumerated() {
            guard abs(cell.x) <= Self.farthestCoordinate, abs(cell.y) <= Self.farthestCoordinate else {
                throw InputProblem(
                    "cells[\(index)] has a coordinate that is not a number from -1e9 to 1e9: \(cell.x), \(cell.y)")
            }
            if let radius = cell.radius, !(radius > 0 && radius <= Self.largestRadius) {
                throw InputProblem(
                    "cells[\(index)].radius must be a positive number up to \(Int(Self.largestRadius)), not \(radius)")
            }
        }
    }

    /// Adds the input's cells, in order, to `layout`.
    public func add(to layout: inout ForceDirectedLayout) {
        for cell in cells { layout.addCell(at: Point(x: cell.x, y: cell.y), radius: cell.radius) }
    }
}
