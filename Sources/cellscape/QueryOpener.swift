import ArgumentParser
import CellscapeFeeds
import CellscapePictures
import CellscapeRemote
import CellscapeViewer
import Foundation

/// Opens what the viewer's query line names, with the command line's options: a folder as the
/// command line lists one, a feed with its API base, caches and certificate authorities. Remembers the
/// Mastodon instance used last for hashtags, and the queries opened (unless private).
final class QueryOpener: SourceOpener {
    private let pictures: PictureOptions
    private let offline: Bool
    private let historyFile: String?
    private var recent: RecentQueries
    /// The Mastodon server a hashtag goes to: the last one opened, else the configuration's.
    private var instance: String?

    /// An opener with `pictures`' options; a replay's (`offline`) reads feeds from the cache alone and
    /// keeps no history, nor does a `private` one.
    init(pictures: PictureOptions, offline: Bool, private isPrivate: Bool) {
        self.pictures = pictures
        self.offline = offline
        let environment = ProcessInfo.processInfo.environment
        let file = RecentQueries.file(environment: environment)
        historyFile = offline || isPrivate ? nil : file
        recent = offline ? RecentQueries() : RecentQueries.load(from: file)
        instance =
            pictures.feedAddress.flatMap(Self.mastodonInstance)
            ?? ViewerConfiguration.load(environment: environment)["instance"]
    }

    /// The opener of a replay of `header`'s session: feeds from the cache of downloads alone, through
    /// the API base it was recorded with; no history kept.
    static func replaying(_ header: SessionHeader) throws -> QueryOpener {
        let options = try PictureOptions.parse(header.items.apiBase.map { ["--api-base", $0] } ?? [])
        return QueryOpener(pictures: options, offline: true, private: true)
    }

    func open(_ request: SourceRequest, recording: Bool) -> Result<OpenedSource, SourceRefusal> {
        let target: QueryTarget
        do {
            target = try QueryTarget(
                request.query, stickers: request.kind == .stickers,
                hasGiphyKey: offline || (try? GiphyKey.load()) != nil,
                instance: instance)
        } catch {
            return .failure(SourceRefusal(error.description))
        }
        let opened: Result<OpenedSource, SourceRefusal>
        switch target {
        case .folder(let path): opened = folder(path, recording: recording)
        case .feed(let address): opened = feed(address, recording: recording)
        }
        if case .success = opened { remember(request.query) }
        return opened
    }

    func suggestions(for typed: String) -> [String] { recent.suggestions(for: typed) }

    func askSuggestions(for typed: String, answer: @escaping @Sendable ([String]) -> Void) -> (@Sendable () -> Void)? {
        guard let fetcher = suggestionFetcher else { return nil }
        return fetcher.ask(typed, answer: answer)
    }

    /// GIPHY's suggestions, when a key is set (made at the first ask; none in a replay).
    private lazy var suggestionFetcher: SuggestionFetcher? = {
        guard !offline, RemoteFetcher.transportProblem == nil, let key = try? GiphyKey.load(),
            case .giphy(let server, _) = try? FeedAddress("giphy:trending", apiBase: pictures.apiBase)
        else { return nil }
        let fetcher = RemoteFetcher(
            cache: nil, trusting: pictures.caFile, policy: AddressPolicy(userAddress: server))
        return SuggestionFetcher(fetcher: fetcher, server: server, key: key)
    }()

    private func folder(_ path: String, recording: Bool) -> Result<OpenedSource, SourceRefusal> {
        if let problem = PictureOptions.unreadable(path) { return .failure(SourceRefusal(problem)) }
        let feed = PictureFeed(
            listing: [path], recursive: pictures.recursive, order: pictures.sort, descending: pictures.reverse,
            threads: ParallelWorkers.count, diskCache: PictureOptions.diskCache(!pictures.noDiskCache),
            headerIndex: SharedHeaderIndex.index(megabytes: pictures.indexSize),
            memoryBytes: pictures.cacheSize << 20, watching: !recording, report: PictureOptions.report)
        return .success(OpenedSource(name: path, feed: feed))
    }

    private func feed(_ address: String, recording: Bool) -> Result<OpenedSource, SourceRefusal> {
        do {
            let source = try pictures.remoteSource(address, offline: offline)
            let feed = PictureOptions.feed(reading: source, cacheSize: pictures.cacheSize, joinsOnInput: recording)
            if let server = Self.mastodonInstance(address) { instance = server }
            return .success(OpenedSource(name: address, feed: feed))
        } catch {
            return .failure(SourceRefusal("\(error)"))
        }
    }

    /// The instance of a Mastodon address (not GIPHY's).
    private static func mastodonInstance(_ address: String) -> String? {
        guard case .mastodon = try? FeedAddress(address) else { return nil }
        return QueryTarget.instance(of: address)
    }

    /// Keeps `query` among the recent ones, written at once (a crash loses nothing).
    private func remember(_ query: String) {
        recent.add(query)
        guard let historyFile else { return }
        do {
            try recent.save(to: historyFile)
        } catch {
            FileHandle.standardError.write(Data("cellscape: cannot keep the query history in \(historyFile)\n".utf8))
        }
    }
}

/// `$XDG_CONFIG_HOME/cellscape/config`: `name = value` lines (`instance = mastodon.social`), `#` comments.
enum ViewerConfiguration {
    static func load(environment: [String: String]) -> [String: String] {
        let folder =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        guard let data = FileManager.default.contents(atPath: folder + "/cellscape/config") else { return [:] }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, !line.hasPrefix("#") else { continue }
            values[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return values
    }
}
