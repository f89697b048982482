import CellscapeFeeds
import CellscapePictures
import Foundation

/// What a download gave: the status, the headers Cellscape reads, the body, and whether the disk
/// cache served it (fresh, or as the server's 304 said).
public struct RemoteAnswer: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var fromCache: Bool
    /// When the copy served was saved, where the network failed and the cache's copy, stale or not,
    /// was served in its place (seconds since 1970); nil for an answer of the network or a fresh copy.
    public var savedAt: Double?

    /// The value of header `name`, whatever its case.
    public func header(_ name: String) -> String? { HTTPHeaders(headers)[name] }
}

/// Why a download failed, in a user's words; never with the address's query (it may hold a key).
public enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Worth trying again: no connection, a name that did not resolve, a timeout, a 5xx.
    case transient(String)
    /// 429: wait until this time (seconds since 1970).
    case rateLimited(until: Double)
    /// Refused by Cellscape: a redirect to another scheme or to plain http, too many redirects, a
    /// body past its cap.
    case refused(String)
    /// Where the address leads is not for a server to point at (``AddressPolicy``): never asked.
    case forbidden(AddressPolicy.Refusal)
    /// Any other status the server answered (401, 403, 404...).
    case status(Int)
    /// The answer came but is not what the API documents.
    case unreadable(FeedProblem)
    /// Nothing wants it any more (its tile left the view, its feed closed): not an outage.
    case cancelled

    public var description: String {
        switch self {
        case .transient(let why), .refused(let why): why
        case .forbidden(let refusal): refusal.description
        case .rateLimited: "the server asks to wait"
        case .status(let code): "the server answered \(code)"
        case .unreadable(let problem): problem.description
        case .cancelled: "cancelled"
        }
    }

    /// The tile's view of it: a bad day's failure leaves the picture to be asked again; the server's
    /// word is final.
    public var pictureProblem: PictureProblem {
        switch self {
        case .transient, .rateLimited, .cancelled: .unavailable(description)
        case .refused, .status, .unreadable: .unreadable(description)
        case .forbidden(let refusal): .refused(refusal.description)
        }
    }

    /// The paging's view of it: what to wait out, what ends the feed.
    public var pagingFailure: FeedPaging.Failure {
        switch self {
        case .transient(let why): .transient(why)
        case .rateLimited(let until): .rateLimited(until: until)
        case .status(401), .status(403): .permanent(.needsLogin)
        case .status(404), .status(410): .permanent(.notFound)
        case .status(let code): .permanent(.answer("the server answered \(code)"))
        case .refused(let why): .permanent(.answer(why))
        case .forbidden(let refusal): .permanent(.answer(refusal.description))
        case .unreadable(let problem): .permanent(problem)
        case .cancelled: .transient("cancelled")
        }
    }
}
