import Foundation

/// What a source says of a picture beyond its bytes: all the viewer knows of a feed's item (the feeds'
/// own models stay with the feeds).
public struct PictureDetails: Hashable, Sendable {
    /// The name it is saved under (its original file's).
    public var name: String
    /// The page a browser shows it on: what `y` copies, `o` opens and `-o` prints.
    public var page: URL?
    /// The alt text its poster wrote, for the info overlay.
    public var altText: String?
    /// Whether it shows blurred until revealed (Mastodon's `sensitive`).
    public var isSensitive: Bool
    /// A video's length in seconds, as its source says (its tile shows a still, which has none).
    public var seconds: Double?

    /// The page if it is one for a browser: `http` or `https`, a host, no user name or password. A
    /// server's JSON may give `file:` or `javascript:` addresses: those never reach the desktop.
    public var webPage: URL? {
        guard let page, let scheme = page.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = page.host, !host.isEmpty, page.user == nil, page.password == nil
        else { return nil }
        return page
    }

    public init(
        name: String, page: URL? = nil, altText: String? = nil, isSensitive: Bool = false, seconds: Double? = nil
    ) {
        self.name = name
        self.page = page
        self.altText = altText
        self.isSensitive = isSensitive
        self.seconds = seconds
    }
}
