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

    /// Checks every field: a size that is not positive, a coordinate that is not finite, a radius that
    /// is not positive, each named by where it is.
    public func check() throws(InputProblem) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw InputProblem("width and height must be positive numbers, not \(width) and \(height)")
        }
        guard cells.count <= Self.limit else {
            throw InputProblem("\(cells.count) cells, more than the \(Self.limit) allowed")
        }
        for (index, cell) in cells.enumerated() {
            guard cell.x.isFinite, cell.y.isFinite else {
                throw InputProblem("cells[\(index)] has a coordinate that is not a finite number")
            }
            if let radius = cell.radius, !(radius.isFinite && radius > 0) {
                throw InputProblem("cells[\(index)].radius must be a positive number, not \(radius)")
            }
        }
    }

    /// Adds the input's cells, in order, to `layout`.
    public func add(to layout: inout ForceDirectedLayout) {
        for cell in cells { layout.addCell(at: Point(x: cell.x, y: cell.y), radius: cell.radius) }
    }
}
