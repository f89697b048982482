/// What is wrong with an input a user handed over (a catalog, a list of cells, a session), in one line
/// that names where: `items[3].color must be #RRGGBB, not 'red'`.
public struct InputProblem: Error, CustomStringConvertible, Sendable {
    /// The line, without the program's name.
    public var description: String

    /// A problem described in one line.
    public init(_ description: String) {
        self.description = description
    }

    /// The same problem, said of the input at `path`.
    public func located(in path: String) -> InputProblem {
        InputProblem("\(path): \(description)")
    }
}
