import Foundation

/// GIPHY's suggestions for the query line: its autocomplete of words typed (`/v1/gifs/search/tags`),
/// and its trending searches (`/v1/trending/searches`) while nothing is typed.
public enum GiphySuggestions {
    /// How many are asked for.
    static let limit = 8
    /// The longest suggestion kept: a server's answer is untrusted.
    static let longest = 100

    /// The address of the suggestions for `typed` on `server`, with the user's `key` (never printed).
    public static func address(for typed: String, server: URL, key: String) -> URL {
        var parts = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        let words = typed.trimmingCharacters(in: .whitespaces)
        parts.percentEncodedPath = words.isEmpty ? "/v1/trending/searches" : "/v1/gifs/search/tags"
        parts.queryItems =
            [URLQueryItem(name: "api_key", value: key)]
            + (words.isEmpty
                ? [] : [URLQueryItem(name: "q", value: words), URLQueryItem(name: "limit", value: "\(limit)")])
        return parts.url!
    }

    /// The words of an answer, in its order: `data` as objects with a `name` (autocomplete) or as
    /// strings (trending); each once, printable, at most 100 characters, 8 of them.
    public static func words(from data: Data) throws(FeedProblem) -> [String] {
        let answer = try FeedJSON.decode(Answer.self, from: data)
        var seen = Set<String>()
        var words: [String] = []
        for entry in answer.data ?? [] {
            guard let word = entry.value?.word.trimmingCharacters(in: .whitespacesAndNewlines), !word.isEmpty,
                word.count <= longest,
                !word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                seen.insert(word.lowercased()).inserted
            else { continue }
            words.append(word)
            if words.count == limit { break }
        }
        return words
    }

    private struct Answer: Decodable {
        var data: [Lenient<Entry>]?
    }

    /// A suggestion: `{"name": "..."}` or a bare string.
    private struct Entry: Decodable {
        var word: String

        private enum CodingKeys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            if let word = try? decoder.singleValueContainer().decode(String.self) {
                self.word = word
            } else {
                word = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            }
        }
    }
}
