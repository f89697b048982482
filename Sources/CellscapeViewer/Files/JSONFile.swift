import CellscapeLayout
import Foundation

/// Reads the JSON inputs a user hands over, with a one-line `InputProblem` naming the file and the
/// place in it when anything is wrong.
public enum JSONFile {
    /// The value of type `T` in the file at `path`.
    public static func read<T: Decodable>(_ type: T.Type, from path: String) throws(InputProblem) -> T {
        let data = try contents(of: path)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw InputProblem("\(path): \(JSONProblem.describe(error, data: data))")
        } catch {
            throw InputProblem("\(path): not valid JSON")
        }
    }

    /// The bytes of the file at `path`, or why they cannot be read.
    public static func contents(of path: String) throws(InputProblem) -> Data {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw InputProblem("cannot read \(path): it is a directory")
        }
        // Foundation's reader leaks its first 4 KB buffer on an empty regular file (AddressSanitizer).
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? Int) == 0
        {
            return Data()
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "no such file"
            throw InputProblem("cannot read \(path): \(reason)")
        }
    }
}

extension WaterfallCatalog {
    /// The checked items of the catalog file at `path`.
    public static func load(path: String) throws(InputProblem) -> [WaterfallItem] {
        do {
            return try JSONFile.read(WaterfallCatalog.self, from: path).waterfallItems()
        } catch let problem where !problem.description.hasPrefix(path) && !problem.description.hasPrefix("cannot") {
            throw problem.located(in: path)
        }
    }
}

extension ForceInput {
    /// The checked input in the file at `path`.
    public static func load(path: String) throws(InputProblem) -> ForceInput {
        let input = try JSONFile.read(ForceInput.self, from: path)
        do {
            try input.check()
        } catch {
            throw error.located(in: path)
        }
        return input
    }
}
