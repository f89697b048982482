import Foundation

/// A page of a feed's JSON read into the API's entities, its failures in a user's words (Foundation's
/// decoder refuses a document nested past 512 levels before it recurses further).
enum FeedJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(FeedProblem) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw .answer("it is not JSON")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .answer("\(Self.place(context.codingPath)) is not what the API documents")
        } catch let DecodingError.keyNotFound(key, context) {
            throw .answer("\(Self.place(context.codingPath + [key])) is missing")
        } catch {
            throw .answer("it is not JSON")
        }
    }

    /// Where in the document: `data[3].images`.
    private static func place(_ path: [any CodingKey]) -> String {
        let text = path.reduce("") { text, key in
            key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
        }
        return text.isEmpty ? "the answer" : text
    }
}

/// A value decoded where it can be, else nil: one entity a server wrote otherwise leaves the rest.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

/// A number the API writes as a number or as a string of digits (GIPHY's sizes); nil for "" or other.
struct LenientInt: Decodable {
    let value: Int?
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        value = (try? single.decode(Int.self)) ?? (try? single.decode(String.self)).flatMap { Int($0) }
    }
}
