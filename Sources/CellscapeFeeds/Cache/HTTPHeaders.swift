import Foundation

/// An answer's headers as the server sent them, looked up by name whatever its case: the one place
/// the fetcher, the cache and the paging read them.
public struct HTTPHeaders: Sendable {
    public var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    /// The value of the first header named `name`, without the spaces around it.
    public subscript(_ name: String) -> String? {
        fields.first { Self.sameIgnoringCase($0.name, name) }.map { String(Self.trimmed($0.value)) }
    }

    /// Whether two words of HTTP (a header's name, a month's) are the same, ASCII letters compared
    /// without case.
    static func sameIgnoringCase(_ one: some StringProtocol, _ other: some StringProtocol) -> Bool {
        one.utf8.count == other.utf8.count && zip(one.utf8, other.utf8).allSatisfy(sameLetter)
    }

    /// Whether two bytes are the same, or the same ASCII letter in either case.
    private static func sameLetter(_ one: UInt8, _ other: UInt8) -> Bool {
        if one == other { return true }
        let lower: UInt8 = one | 0x20
        return lower == other | 0x20 && lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// The comma-separated directives of header `name` (`Cache-Control`), lower case.
    public func directives(_ name: String) -> [String] {
        (self[name] ?? "").lowercased().split(separator: ",").map { String(Self.trimmed($0)) }
    }

    /// The value of directive `name=` among `directives`, as a whole number of seconds.
    public static func seconds(_ name: String, in directives: [String]) -> Int? {
        directives.first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
    }

    /// An HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`, or either obsolete form), seconds since 1970;
    /// `now` places a two-digit year.
    public static func date(_ text: String, now: Double) -> Double? {
        HTTPDate.seconds(text, now: now)
    }

    /// `text` without the spaces and tabs around it (HTTP's optional white space), and line ends.
    public static func trimmed<Text: StringProtocol>(_ text: Text) -> Text.SubSequence {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }
}
