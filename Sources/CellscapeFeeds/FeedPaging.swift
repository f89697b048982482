import Foundation

/// Where the paging of a remote feed stands: its items so far (each id once), the next page's cursor,
/// whether a page is on its way, and when to try again after a failure. A value the feed steps with
/// its clock: pages are asked for as the view nears the end, never two at once, and failures back off.
public struct FeedPaging: Sendable {
    /// Why a page did not come.
    public enum Failure: Sendable, Hashable {
        /// Worth trying again: no network, a name that did not resolve, a refused or dropped
        /// connection, a timeout, a 5xx.
        case transient(String)
        /// Too many requests (429, or the rate-limit headers at 0): try again at this time, seconds.
        case rateLimited(until: Double)
        /// Not worth trying again: the feed is what it is (404, a login wanted, an answer not read).
        case permanent(FeedProblem)
    }

    /// The items so far, in the feed's order.
    public private(set) var items: [RemoteItem] = []
    private var ids = Set<String>()
    /// The next page's cursor (nil before the first page, and at the end).
    public private(set) var next: String?
    /// Whether the last page came (the feed has no more) or the feed failed for good.
    public private(set) var ended = false
    /// Whether a page was asked for and has not come.
    public private(set) var asking = false
    /// When to try again after a failure, in seconds; nil when not waiting.
    public private(set) var retryAt: Double?
    /// The failure that stopped the feed for good, or the last one it waits out (what the bar says).
    public private(set) var problem: String?
    /// Failures in a row: each doubles the wait.
    private var failures = 0
    /// Whether the last failure was one to wait out (no connection, a timeout, a 5xx): the feed shows
    /// what it has and is offline until a page comes.
    public var offline: Bool { failures > 0 }

    /// The longest wait between tries, in seconds.
    public static let longestWait: Double = 300
    /// How many screens before the end the next page is asked for.
    public static let screensAhead: Double = 2

    public init() {}

    /// Whether to ask for the next page now: the view's bottom within two screens of the content's
    /// end, no page on its way, the feed not ended, no wait after a failure still running.
    public func wantsPage(viewBottom: Double, screen: Double, contentEnd: Double, now: Double) -> Bool {
        guard !ended, !asking else { return false }
        if let retryAt, now < retryAt { return false }
        return items.isEmpty || viewBottom + Self.screensAhead * screen >= contentEnd
    }

    /// A page was asked for.
    public mutating func asked() { asking = true }

    /// Takes a page that came; returns its items not seen before (the same item on two pages, as a
    /// timeline moves while it is read, is one item).
    @discardableResult
    public mutating func received(_ page: FeedPage) -> [RemoteItem] {
        asking = false
        failures = 0
        retryAt = nil
        problem = nil
        let new = page.items.filter { ids.insert($0.id).inserted }
        items += new
        // A cursor that does not move on would ask for the same page for ever.
        ended = page.next == nil || page.next == next
        next = page.next
        return new
    }

    /// Takes a failure at `now`: waits (twice as long each time in a row, from 1 s to
    /// ``longestWait``, times 0.5 to 1.5 by `jitter` in 0..<1 so clients that failed together do not
    /// try again together), waits until the time a 429 gave, or ends the feed.
    public mutating func failed(_ failure: Failure, now: Double, jitter: Double) {
        asking = false
        switch failure {
        case .transient(let why):
            failures += 1
            let wait = min(Self.longestWait, pow(2, Double(failures - 1)))
            retryAt = now + wait * (0.5 + min(max(jitter, 0), 1))
            problem = why
        case .rateLimited(let until):
            retryAt = max(now + 1, min(until, now + 3600))
            problem = "the server asks to wait"
        case .permanent(let feedProblem):
            ended = true
            retryAt = nil
            problem = feedProblem.description
        }
    }

    /// When to try again after a 429 answered at `now` (seconds since 1970): `Retry-After` (seconds,
    /// or an HTTP date), else the rate-limit headers' reset (Mastodon's `X-RateLimit-Reset`, an ISO
    /// 8601 time; GIPHY's, seconds), else a minute.
    public static func retryTime(headers fields: [(name: String, value: String)], now: Double) -> Double {
        let headers = HTTPHeaders(fields)
        if let value = headers["Retry-After"] {
            if let seconds = Double(value), seconds >= 0 { return now + seconds }
            if let date = HTTPHeaders.date(value, now: now) { return max(now, date) }
        }
        if let reset = headers["X-RateLimit-Reset"] {
            if let date = ISO8601DateFormatter.withFractions.date(from: reset)
                ?? ISO8601DateFormatter().date(from: reset)
            {
                return max(now, date.timeIntervalSince1970)
            }
            if let seconds = Double(reset) { return seconds > 1_000_000_000 ? max(now, seconds) : now + seconds }
        }
        return now + 60
    }
}

extension ISO8601DateFormatter {
    /// Mastodon writes its times with milliseconds.
    fileprivate static var withFractions: ISO8601DateFormatter {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format
    }
}
