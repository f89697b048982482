import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import Foundation

/// The cells to lay out, read from JSON: `{"width":W,"height":H,"cells":[{"x":..,"y":..}, ...]}`.
///
/// A cell may also give its `radius`. Everything is checked: a missing or mistyped field, a
/// non-finite coordinate, or a size that is not positive is reported in one line naming where it is.
struct ForceInput: Decodable {
    struct InputCell: Decodable {
        var x: Double
        var y: Double
        var radius: Double?
    }

    var width: Double
    var height: Double
    var cells: [InputCell]

    /// Reads and checks the file at `path`.
    static func load(path: String) throws -> ForceInput {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandError(
                "cannot read \(path): \((error as NSError).localizedFailureReason ?? "no such file")")
        }
        let input: ForceInput
        do {
            input = try JSONDecoder().decode(ForceInput.self, from: data)
        } catch let error as DecodingError {
            throw CommandError("\(path): \(JSONProblem.describe(error, data: data))")
        }
        try input.check(path: path)
        return input
    }

    private func check(path: String) throws {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw CommandError(
                "\(path): width and height must be positive numbers, not \(width) and \(height)")
        }
        guard cells.count <= LayoutForceCommand.cellLimit else {
            throw CommandError("\(path): \(cells.count) cells, more than the \(LayoutForceCommand.cellLimit) allowed")
        }
        for (index, cell) in cells.enumerated() {
            guard cell.x.isFinite, cell.y.isFinite else {
                throw CommandError("\(path): cells[\(index)] has a coordinate that is not a finite number")
            }
            if let radius = cell.radius, !(radius.isFinite && radius > 0) {
                throw CommandError(
                    "\(path): cells[\(index)].radius must be a positive number, not \(radius)")
            }
        }
    }
}
