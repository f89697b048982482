import Foundation

/// GIPHY's API (developers.giphy.com): the address of each page of a feed, and a page's GIFs or
/// stickers read as items, with the renditions a grid and the image view show.
public enum GiphyAPI {
    /// Items asked for a page (the API's default is 25; 50 is its largest for most keys).
    static let pageSize = 50
    /// Trending pages stop here: the API refuses an offset past 499.
    static let trendingOffsetLimit = 499

    /// The address of `feed`'s page from `offset` on `server`, with the user's `key`. The address
    /// holds the key: it is never printed, recorded or made a file's name.
    package static func page(_ feed: GiphyFeed, server: URL, key: String, offset: Int) -> URL {
        var parts = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        parts.percentEncodedPath =
            "/v1/" + (feed.stickers ? "stickers" : "gifs") + (feed.search == nil ? "/trending" : "/search")
        parts.queryItems =
            [URLQueryItem(name: "api_key", value: key)]
            + (feed.search.map { [URLQueryItem(name: "q", value: $0)] } ?? [])
            + [URLQueryItem(name: "limit", value: "\(pageSize)"), URLQueryItem(name: "offset", value: "\(offset)")]
        return parts.url!
    }

    /// A page's items and the next page's offset (nil at the end). GIPHY's "synthetic" answer (status
    /// 200, no response id, no data) and a status other than 200 in `meta` are errors.
    public static func page(from data: Data, feed: GiphyFeed) throws(FeedProblem) -> FeedPage {
        // Status 200 and nothing in the body is the "synthetic" answer too.
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw .syntheticAnswer }
        let answer = try FeedJSON.decode(Answer.self, from: data)
        let status = answer.meta?.status?.value ?? 200
        guard status == 200 else {
            throw .answer("GIPHY said \(status)" + (answer.meta?.msg.map { " (\($0))" } ?? ""))
        }
        let gifs = answer.data ?? []
        if gifs.isEmpty && (answer.meta?.responseID ?? "").isEmpty { throw .syntheticAnswer }
        let items = gifs.compactMap(\.value).compactMap { item($0, stickers: feed.stickers) }
        let offset = answer.pagination?.offset?.value ?? 0
        let count = answer.pagination?.count?.value ?? gifs.count
        let total = answer.pagination?.totalCount?.value
        // A page that moves nowhere (or back, or past the end of numbers) is the last.
        let (after, overflows) = offset.addingReportingOverflow(count)
        var next: Int? = after
        if offset < 0 || count <= 0 || overflows || total.map({ after >= $0 }) == true { next = nil }
        if feed.search == nil, let offset = next, offset > trendingOffsetLimit { next = nil }
        return FeedPage(items: items, next: next.map(String.init))
    }

    /// The renditions GIPHY advises: MP4 for GIFs (a fraction of the GIF's bytes), WebP for stickers
    /// (MP4 has no transparency), the GIF where the other is missing; 100 px, 200 px wide, downsized
    /// (under 2 MB) and the original.
    private static func item(_ gif: GIF, stickers: Bool) -> RemoteItem? {
        let sizes = ["fixed_width_small", "fixed_width", "downsized", "original"]
        let renditions = sizes.compactMap { gif.images?[$0]?.value }.compactMap { image -> RemoteItem.Rendition? in
            // Fields GIPHY has no file for are missing or empty strings.
            let advised = (stickers ? image.webp : image.mp4).flatMap { $0.isEmpty ? nil : $0 }
            guard let width = image.width?.value, let height = image.height?.value,
                (1...16_384).contains(width), (1...16_384).contains(height),
                let url = URL(string: advised ?? image.url ?? ""), url.scheme != nil
            else { return nil }
            let bytes = advised == nil ? image.size : stickers ? image.webpSize : image.mp4Size
            return RemoteItem.Rendition(url: url, width: width, height: height, bytes: bytes?.value)
        }
        guard let largest = renditions.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return nil }
        return RemoteItem(
            id: gif.id, kind: stickers ? .sticker : .animation, width: largest.width, height: largest.height,
            renditions: renditions,
            description: gif.altText.flatMap { $0.isEmpty ? nil : $0 } ?? gif.title.flatMap { $0.isEmpty ? nil : $0 },
            page: gif.url.flatMap(URL.init(string:)), name: gif.id + "." + largest.url.pathExtension)
    }

    // The answer, as far as Cellscape reads it; sizes are strings of digits.
    private struct Answer: Decodable {
        var data: [Lenient<GIF>]?
        var pagination: Pagination?
        var meta: Meta?
    }

    private struct GIF: Decodable {
        var id: String
        var url: String?
        var title: String?
        var altText: String?
        var images: [String: Lenient<Image>]?

        enum CodingKeys: String, CodingKey {
            case id, url, title, images
            case altText = "alt_text"
        }
    }

    private struct Image: Decodable {
        var url: String?
        var width: LenientInt?
        var height: LenientInt?
        var size: LenientInt?
        var mp4: String?
        var mp4Size: LenientInt?
        var webp: String?
        var webpSize: LenientInt?

        enum CodingKeys: String, CodingKey {
            case url, width, height, size, mp4, webp
            case mp4Size = "mp4_size"
            case webpSize = "webp_size"
        }
    }

    private struct Pagination: Decodable {
        var offset: LenientInt?
        var count: LenientInt?
        var totalCount: LenientInt?

        enum CodingKeys: String, CodingKey {
            case offset, count
            case totalCount = "total_count"
        }
    }

    private struct Meta: Decodable {
        var status: LenientInt?
        var msg: String?
        var responseID: String?

        enum CodingKeys: String, CodingKey {
            case status, msg
            case responseID = "response_id"
        }
    }
}
