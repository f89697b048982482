/// What the query line asks to show: the query as typed (or the suggestion chosen), and GIFs or
/// stickers for words searched on GIPHY.
public struct SourceRequest: Hashable, Sendable {
    public var query: String
    public var kind: SearchKind
    /// Back or forward to a source the history closed (past its bound), where it was left; nil for
    /// a new one.
    var revisit: Revisit?

    public init(query: String, kind: SearchKind = .gifs) {
        self.query = query
        self.kind = kind
    }
}

/// A move through the history to a source it closed: which way, and where the source was left.
struct Revisit: Hashable, Sendable {
    var move: HistoryMove
    var place: SourcePlace
}

/// Which way through the history.
enum HistoryMove: Hashable, Sendable {
    case back, forward
}

/// Where a source was left, kept when the history closes it: what opens it again and the place.
struct SourcePlace: Hashable, Sendable {
    var name: String
    var scroll: Double
    var selection: Int?
}

/// Why a query cannot be shown, in a line the bar says.
public struct SourceRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// A source opened: its feed, and what names it exactly (the address or folder the query resolved to),
/// which a session records so its replay opens the same.
public struct OpenedSource {
    public var name: String
    public var feed: PictureFeed

    public init(name: String, feed: PictureFeed) {
        self.name = name
        self.feed = feed
    }
}

/// Opens what a query names (a folder, a feed) for the viewer to switch to: the command line's knowledge
/// of feeds and folders, handed to the viewer, which knows neither.
public protocol SourceOpener {
    /// The feed `request` names, or why it cannot be shown. Returns at once, never waiting for the
    /// network or a listing: the feed fills as they answer. While a session records (`recording`), its
    /// pictures join on inputs, as the first source's do.
    func open(_ request: SourceRequest, recording: Bool) -> Result<OpenedSource, SourceRefusal>

    /// What to suggest under the line for `typed` now (recent queries), best first.
    func suggestions(for typed: String) -> [String]

    /// Asks a server for suggestions for `typed` (GIPHY's autocomplete, its trending searches while
    /// nothing is typed), `answer` hearing them on any thread; returns what cancels the ask, or nil
    /// when there is no server to ask.
    func askSuggestions(for typed: String, answer: @escaping @Sendable ([String]) -> Void) -> (@Sendable () -> Void)?
}

extension SourceOpener {
    public func askSuggestions(for typed: String, answer: @escaping @Sendable ([String]) -> Void)
        -> (@Sendable () -> Void)?
    { nil }
}
