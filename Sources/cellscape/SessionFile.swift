import ArgumentParser
import CellscapeLayout
import CellscapeRemote
import CellscapeViewer
import CellscapeX11
import Foundation

/// Session files on disk: recorded line by line as the viewer runs, read back through
/// ``RecordedSession``, which owns the format.
enum SessionFile {
    /// A writer that appends lines to a new file (a line per write, so a crash loses nothing written).
    /// A write that fails (a full disk) is said once, and `failed` is called; the rest are dropped.
    static func writer(path: String, failed: @escaping () -> Void) throws -> (String) -> Void {
        let handle = try OutputFile.appending(to: path)
        var broken = false
        return { line in
            guard !broken else { return }
            do {
                try handle.write(contentsOf: Data((line + "\n").utf8))
            } catch {
                broken = true
                let reason = String(cString: strerror(errno))
                FileHandle.standardError.write(
                    Data("cellscape: cannot record to \(path): \(reason); stopped recording\n".utf8))
                failed()
            }
        }
    }

    /// Reads and checks the session file at `path`.
    static func load(path: String) throws -> RecordedSession {
        let data = try JSONFile.contents(of: path)
        do {
            return try RecordedSession.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw CommandError("\(path): \(error)")
        }
    }

    /// The viewer options a session starts with, and its pictures if it shows pictures; its items must
    /// be those it was recorded with.
    static func options(for header: SessionHeader) throws -> (ViewerOptions, PictureFeed?) {
        let pictures = try self.pictures(header.items)
        let catalog = pictures == nil ? try items(header.items, seed: header.seed) : []
        let (force, waterfall) = header.options(catalog: catalog, threads: ForceSettings().threads)
        var options = ViewerOptions()
        options.scene = force
        options.waterfall = waterfall
        options.view = header.view
        return (options, pictures)
    }

    /// The pictures a header names, every header read and checked against its digest; nil for items.
    private static func pictures(_ items: SessionHeader.Items) throws -> PictureFeed? {
        if items.source == .feed { return try feed(items) }
        guard items.source == .pictures else { return nil }
        guard let paths = items.paths, !paths.isEmpty else { throw CommandError("the session's pictures name no file") }
        let feed = PictureOptions.feed(of: paths)
        feed.waitForAllHeaders()
        guard SessionHeader.Items.digest(of: feed.arrivedItems) == items.digest else {
            throw CommandError("the session's pictures changed since it was recorded")
        }
        return feed
    }

    /// The remote feed a header names, its pages and pictures read again from the cache of downloads
    /// alone (never the network), each page checked against the answer recorded.
    private static func feed(_ items: SessionHeader.Items) throws -> PictureFeed {
        guard let address = items.feed, let pages = items.pages, !pages.isEmpty else {
            throw CommandError("the session's feed names no address or page")
        }
        let source = try PictureOptions.remoteSource(
            address, apiBase: items.apiBase, httpCacheSize: PictureOptions.defaultHTTPCacheSize, offline: true)
        let feed = PictureOptions.feed(reading: source, cacheSize: PictureOptions.defaultCacheSize)
        while source.answers.count < pages.count && source.problem == nil {
            feed.waitForSources()
            // The next page is asked for as the grid would, the view at the content's end.
            source.viewed(bottom: 0, screen: 1, contentEnd: 0)
        }
        guard source.answers.count == pages.count else {
            throw CommandError("the session's feed \(address) is no longer in the cache of downloads")
        }
        guard source.answers == pages else {
            throw CommandError("the session's feed \(address) changed since it was recorded")
        }
        feed.waitForAllHeaders()
        guard SessionHeader.Items.digest(of: feed.arrivedItems) == items.digest else {
            throw CommandError("the session's feed \(address) changed since it was recorded")
        }
        // The pages after the first join at the frames the session's inputs say.
        feed.joinsSourcesOnInput = true
        return feed
    }

    /// The items a header names, checked against its digest.
    private static func items(_ items: SessionHeader.Items, seed: UInt64) throws -> [WaterfallItem] {
        let catalog: [WaterfallItem]
        let name: String
        switch items.source {
        case .generated:
            catalog = GeneratedItems.items(count: items.count ?? 0, seed: seed)
            name = "the generated items"
        case .file:
            guard let path = items.path else { throw CommandError("the session's items name no file") }
            catalog = try WaterfallCatalog.load(path: path)
            name = path
        case .bundled:
            catalog = try FeedOptions.bundledCatalog()
            name = "the bundled catalog"
        case .pictures, .feed:
            throw CommandError("the session's pictures are not a catalog")
        }
        guard SessionHeader.Items.digest(of: catalog) == items.digest else {
            throw CommandError("\(name) changed since the session was recorded")
        }
        return catalog
    }
}

extension PictureOptions {
    /// What a session records of the pictures `feed` shows: a remote feed's address and its pages'
    /// answers, else the pictures' paths.
    func sessionItems(of feed: PictureFeed) -> SessionHeader.Items {
        guard let address = feedAddress else { return Self.source(of: feed) }
        return SessionHeader.Items(
            feed: address, apiBase: apiBase, pages: feed.sourceAnswers, items: feed.arrivedItems)
    }

    static func source(of feed: PictureFeed) -> SessionHeader.Items {
        let paths = feed.paths.map { URL(fileURLWithPath: $0).path }
        return SessionHeader.Items(source: .pictures, paths: paths, items: feed.arrivedItems)
    }
}
