/// What went wrong with a remote feed, in a user's words: one line in the bar and on standard error.
public enum FeedProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// An address that names no feed Cellscape reads, and why.
    case address(String, String)
    /// A server's answer that is not what its API documents (not JSON, missing fields, nested past
    /// reason), and what was wrong.
    case answer(String)
    /// GIPHY answered 200 with no data and no response id: its "synthetic" answer, an error.
    case syntheticAnswer
    /// The server wants a login for this timeline (401, 403), or has it switched off.
    case needsLogin
    /// No such tag, account or page (404).
    case notFound
    /// The disk cache cannot be used, and why (the feed goes on without it).
    case cache(String)

    public var description: String {
        switch self {
        case .address(let text, let why): "\(text) \(why)"
        case .answer(let why): "the server's answer cannot be read: \(why)"
        case .syntheticAnswer: "GIPHY gave an empty answer (a \"synthetic\" one): try again later"
        case .needsLogin: "this server shows that timeline only to its logged-in users"
        case .notFound: "the server has no such feed"
        case .cache(let why): "the cache of downloads: \(why)"
        }
    }
}
