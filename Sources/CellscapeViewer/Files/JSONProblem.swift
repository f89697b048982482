import Foundation

/// One line that says what is wrong with a JSON input and where.
public enum JSONProblem {
    /// Where in the input the decoder failed, and why, in one line.
    public static func describe(_ error: DecodingError, data: Data) -> String {
        func location(_ path: [CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(location(context.codingPath))"
            return "missing \"\(key.stringValue)\"\(parent)"
        case .typeMismatch(let type, let context):
            return
                "\(location(context.codingPath)) should be \(type == Double.self ? "a number" : "\(type)")"
        case .valueNotFound(_, let context):
            return "\(location(context.codingPath)) is null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON (\(syntaxProblem(in: data)))" }
            return "\(location(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "not valid input"
        }
    }

    /// What JSONSerialization, which says where, finds wrong with the text.
    private static func syntaxProblem(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            return "unreadable"
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return (detail ?? "unreadable").split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}
