import Foundation

/// An answer's headers as the server sent them, looked up by name whatever its case: the one place
/// the fetcher, the cache and the paging read them.
public struct HTTPHeaders: Sendable {
    public var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    /// The value of the first header named `name`, without the spaces around it.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value.trimmingCharacters(
            in: .whitespaces)
    }

    /// The comma-separated directives of header `name` (`Cache-Control`), lower case.
    public func directives(_ name: String) -> [String] {
        (self[name] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The value of directive `name=` among `directives`, as a whole number of seconds.
    public static func seconds(_ name: String, in directives: [String]) -> Int? {
        directives.first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
    }

    /// An HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`), seconds since 1970.
    public static func date(_ text: String) -> Double? {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: text)?.timeIntervalSince1970
    }
}
