import Foundation

/// What a query typed in the viewer's query line names: a folder, or a feed's address.
///
/// `~/Pictures`, `/media/x`, `./here`: that folder. `https://...`, `giphy:...`: that feed. `#word`: the
/// hashtag on the Mastodon instance given. Other words: a GIPHY search when a key is set, else the
/// hashtag of the words run together.
public enum QueryTarget: Hashable, Sendable {
    /// A folder (or file), its path with `~` expanded.
    case folder(String)
    /// A feed's address, as the command line takes it.
    case feed(String)

    /// Reads `query`; `stickers` searches GIPHY's stickers for words, `hasGiphyKey` says whether words
    /// search GIPHY, `instance` is the Mastodon server for hashtags (a host, or an address).
    public init(
        _ query: String, stickers: Bool = false, hasGiphyKey: Bool, instance: String?, home: String = NSHomeDirectory()
    ) throws(FeedProblem) {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .address(query, "is empty: type words, #tag, an address or a folder") }
        if text == "~" || text.hasPrefix("~/") {
            self = .folder(home + text.dropFirst())
        } else if text.hasPrefix("/") || text.hasPrefix("./") || text.hasPrefix("../") || text == "." {
            self = .folder(text)
        } else if FeedAddress.looksLikeAddress(text) {
            self = .feed(text)
        } else if text.hasPrefix("#") {
            self = .feed(try Self.hashtag(String(text.dropFirst()), on: instance, query: text))
        } else if hasGiphyKey {
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            self = .feed("giphy:" + (stickers ? "stickers/" : "") + "search/" + words)
        } else {
            self = .feed(try Self.hashtag(text.filter { !$0.isWhitespace }, on: instance, query: text))
        }
    }

    /// The address of `tag`'s timeline on `instance`.
    private static func hashtag(_ tag: String, on instance: String?, query: String) throws(FeedProblem) -> String {
        // Mastodon's hashtags are letters, digits and underscores.
        guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw .address(query, "is not a hashtag: letters, digits and _ alone")
        }
        guard let instance, !instance.isEmpty else {
            throw .address(
                query,
                "needs a Mastodon instance: open one's address first, or put instance = mastodon.social in "
                    + "~/.config/cellscape/config (words search GIPHY with a GIPHY_API_KEY)")
        }
        let server = instance.contains("://") ? instance : "https://" + instance
        let trimmed = server.hasSuffix("/") ? String(server.dropLast()) : server
        let encoded = tag.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? tag
        return trimmed + "/tags/" + encoded
    }

    /// The Mastodon instance an address names (`https://mastodon.social/tags/cats`: its scheme and
    /// host), the one the next hashtag goes to; nil for GIPHY's and for what is no address.
    public static func instance(of address: String) -> String? {
        guard !address.hasPrefix("giphy:"), let parts = URLComponents(string: address), let host = parts.host,
            let scheme = parts.scheme
        else { return nil }
        return scheme + "://" + host + (parts.port.map { ":\($0)" } ?? "")
    }
}
