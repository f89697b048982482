import Foundation

/// The file the cache of downloads keeps an answer in: the length of its head's JSON (4 bytes,
/// little-endian), the JSON (the answer's fields and its body's length, with room to spare), the body.
///
/// A file is read back only when it is whole: a head that is not this JSON, or a body of another
/// length than its head says (the system stopped before writing it out), is no entry.
public enum CachedAnswerFile {
    /// The room a file leaves after its head's JSON, in spaces: a 304's new validators and times
    /// (of about the same length) are written over it in place, the body left where it is.
    public static let headRoom = 32
    /// The longest head read: a longer one is a damaged file's.
    public static let longestHead = 1 << 20

    private struct Head: Codable {
        var answer: CachedAnswer
        var bodyBytes: Int
    }

    /// The whole file for `entry`; nil when its fields cannot be written.
    public static func bytes(of entry: CachedAnswer) -> Data? {
        guard var data = head(of: entry, bodyBytes: entry.body.count) else { return nil }
        data.append(contentsOf: entry.body)
        return data
    }

    /// The file's head for `entry` with a body of `bodyBytes`: in `room` bytes of JSON when given (nil
    /// when it does not fit), else with ``headRoom`` to spare.
    public static func head(of entry: CachedAnswer, bodyBytes: Int, room: Int? = nil) -> Data? {
        var fields = entry
        fields.body = []
        guard var json = try? JSONEncoder().encode(Head(answer: fields, bodyBytes: bodyBytes)) else { return nil }
        let length = room ?? json.count + headRoom
        guard json.count <= length else { return nil }
        json.append(contentsOf: repeatElement(UInt8(ascii: " "), count: length - json.count))
        var data = Data()
        withUnsafeBytes(of: UInt32(length).littleEndian) { data.append(contentsOf: $0) }
        data.append(json)
        return data
    }

    /// The entry a whole file holds; nil when it is not one whole.
    public static func entry(from data: Data) -> CachedAnswer? {
        let bytes = [UInt8](data)
        guard let length = headLength(bytes.prefix(4)), length <= bytes.count - 4,
            let (answer, bodyBytes) = head(from: bytes[4..<4 + length]), bodyBytes == bytes.count - 4 - length
        else { return nil }
        var entry = answer
        entry.body = Array(bytes[(4 + length)...])
        return entry
    }

    /// The length of the head's JSON that a file's first four bytes give; nil past ``longestHead``.
    public static func headLength(_ prefix: some Collection<UInt8>) -> Int? {
        guard prefix.count == 4 else { return nil }
        let length = prefix.reversed().reduce(0) { $0 << 8 | Int($1) }
        return length <= longestHead ? length : nil
    }

    /// The answer's fields (its body left empty) and its body's length, from the head's JSON.
    public static func head(from json: some Collection<UInt8>) -> (answer: CachedAnswer, bodyBytes: Int)? {
        guard let head = try? JSONDecoder().decode(Head.self, from: Data(json)), head.bodyBytes >= 0 else {
            return nil
        }
        return (head.answer, head.bodyBytes)
    }
}
