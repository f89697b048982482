import Foundation

/// Mastodon's public API for a timeline (docs: methods/timelines, entities/MediaAttachment): the
/// address of each page, and a page's statuses read as items, their media attachments.
public enum MastodonAPI {
    /// Statuses asked for a page: the API's largest.
    static let pageSize = 40

    /// The address of `timeline`'s page after `next` (a `max_id`; nil: the first) on `server`. An
    /// account's timeline needs its id, found by ``lookup(_:server:)`` first.
    package static func page(_ timeline: MastodonTimeline, server: URL, accountID: String? = nil, after next: String?)
        -> URL
    {
        var query = [
            URLQueryItem(name: "only_media", value: "true"), URLQueryItem(name: "limit", value: "\(pageSize)"),
        ]
        let path: String
        switch timeline {
        case .tag(let name): path = "/api/v1/timelines/tag/" + escaped(name)
        case .public(let local):
            path = "/api/v1/timelines/public"
            if local { query.append(URLQueryItem(name: "local", value: "true")) }
        case .account: path = "/api/v1/accounts/" + escaped(accountID ?? "") + "/statuses"
        }
        if let next { query.append(URLQueryItem(name: "max_id", value: next)) }
        return address(server, path, query)
    }

    /// The address that turns an account's name (`user` or `user@server`) into its id.
    package static func lookup(_ account: String, server: URL) -> URL {
        address(server, "/api/v1/accounts/lookup", [URLQueryItem(name: "acct", value: account)])
    }

    /// The id in an account lookup's answer.
    public static func accountID(from data: Data) throws(FeedProblem) -> String {
        let account = try FeedJSON.decode(Account.self, from: data)
        guard !account.id.isEmpty else { throw .answer("the account has no id") }
        return account.id
    }

    /// The `max_id` of the `Link` header's `rel="next"`: the page of older statuses; nil at the end.
    public static func next(link: String?) -> String? {
        guard let link else { return nil }
        for part in link.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, fields.dropFirst().contains(where: { $0 == "rel=\"next\"" || $0 == "rel=next" }),
                fields[0].hasPrefix("<"), fields[0].hasSuffix(">"),
                let url = URLComponents(string: String(fields[0].dropFirst().dropLast()))
            else { continue }
            return url.queryItems?.first { $0.name == "max_id" }?.value
        }
        return nil
    }

    /// The items of a page of statuses, in order: each status's (or the status it boosts) images,
    /// looping clips and videos; sounds and attachments of no known size are left out.
    public static func items(from data: Data) throws(FeedProblem) -> [RemoteItem] {
        try FeedJSON.decode([Lenient<Status>].self, from: data).compactMap(\.value).flatMap { status in
            let shown = status.reblog?.value ?? status
            return shown.mediaAttachments.compactMap { item($0, of: shown) }
        }
    }

    private static func item(_ media: Attachment, of status: Status) -> RemoteItem? {
        let kind: RemoteItem.Kind
        switch media.type {
        case "image": kind = .image
        case "gifv": kind = .animation
        case "video": kind = .video
        default: return nil
        }
        guard let url = media.url.flatMap(URL.init(string:)),
            let size = media.meta?.original?.size ?? media.meta?.small?.size
        else { return nil }
        let original = RemoteItem.Rendition(url: url, width: size.width, height: size.height)
        let small = media.previewURL.flatMap(URL.init(string:)).map { preview in
            let small = media.meta?.small?.size ?? size
            return RemoteItem.Rendition(url: preview, width: small.width, height: small.height)
        }
        var item = RemoteItem(
            id: media.id, kind: kind, width: size.width, height: size.height,
            renditions: kind == .image ? [small, original].compactMap { $0 } : [original],
            still: kind == .image ? nil : small, blurHash: media.blurhash, description: media.description,
            sensitive: status.sensitive ?? false,
            page: (status.url ?? status.uri).flatMap(URL.init(string:)), name: url.lastPathComponent)
        if let focus = media.meta?.focus, let x = focus.x, let y = focus.y { item.focus = (x, y) }
        if kind == .video { item.seconds = media.meta?.original?.duration }
        return item
    }

    private static func escaped(_ part: String) -> String {
        part.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? part
    }

    private static func address(_ server: URL, _ path: String, _ query: [URLQueryItem]) -> URL {
        var parts = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        parts.percentEncodedPath = path
        parts.queryItems = query
        return parts.url!
    }

    // The API's entities, as far as Cellscape reads them.
    private struct Account: Decodable { var id: String }

    private struct Status: Decodable {
        var url: String?
        var uri: String?
        var sensitive: Bool?
        var mediaAttachments: [Attachment]
        var reblog: Boxed<Status>?

        enum CodingKeys: String, CodingKey {
            case url, uri, sensitive, reblog
            case mediaAttachments = "media_attachments"
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            url = try? fields.decodeIfPresent(String.self, forKey: .url)
            uri = try? fields.decodeIfPresent(String.self, forKey: .uri)
            sensitive = try? fields.decodeIfPresent(Bool.self, forKey: .sensitive)
            // An attachment this cannot read is left out, not the page.
            mediaAttachments =
                (try? fields.decodeIfPresent([Lenient<Attachment>].self, forKey: .mediaAttachments))?
                .compactMap(\.value) ?? []
            reblog = try fields.decodeIfPresent(Boxed<Status>.self, forKey: .reblog)
        }
    }

    /// A status inside a status (a boost): a class, so the struct holds a reference, not itself.
    private final class Boxed<Value: Decodable>: Decodable {
        let value: Value
        init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    }

    private struct Attachment: Decodable {
        var id: String
        var type: String
        var url: String?
        var previewURL: String?
        var meta: Meta?
        var description: String?
        var blurhash: String?

        enum CodingKeys: String, CodingKey {
            case id, type, url, meta, description, blurhash
            case previewURL = "preview_url"
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            id = try fields.decode(String.self, forKey: .id)
            type = try fields.decode(String.self, forKey: .type)
            url = try? fields.decodeIfPresent(String.self, forKey: .url)
            previewURL = try? fields.decodeIfPresent(String.self, forKey: .previewURL)
            // What a server leaves out or writes otherwise loses only the size or the alt text.
            meta = try? fields.decodeIfPresent(Meta.self, forKey: .meta)
            description = try? fields.decodeIfPresent(String.self, forKey: .description)
            blurhash = try? fields.decodeIfPresent(String.self, forKey: .blurhash)
        }
    }

    private struct Meta: Decodable {
        var original: Dimensions?
        var small: Dimensions?
        var focus: Focus?
    }

    private struct Dimensions: Decodable {
        var width: Int?
        var height: Int?
        /// A video's length in seconds (a clip's too).
        var duration: Double?

        enum CodingKeys: String, CodingKey {
            case width, height, duration
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            width = try? fields.decodeIfPresent(Int.self, forKey: .width)
            height = try? fields.decodeIfPresent(Int.self, forKey: .height)
            // A length that is not a number of seconds a clip may have is left out, not believed.
            duration = (try? fields.decodeIfPresent(Double.self, forKey: .duration)).flatMap { $0 }
                .flatMap { $0.isFinite && $0 > 0 && $0 < 1e7 ? $0 : nil }
        }
        /// The size when both sides are there and sane (a tile of 0 or a million pixels a side lays out nothing).
        var size: (width: Int, height: Int)? {
            guard let width, let height, (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
            return (width, height)
        }
    }

    private struct Focus: Decodable {
        var x: Double?
        var y: Double?
    }
}
