import ArgumentParser
import CellscapeFeeds
import CellscapeLayout
import CellscapePictures
import CellscapeRemote
import CellscapeRender
import CellscapeViewer
import CellscapeX11
import Foundation

/// Pictures to browse: files and folders (`-r` recursing, `-` reading paths from standard input),
/// shown in the waterfall as their thumbnails arrive.
struct PictureOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Pictures and folders of pictures to browse; - reads paths from standard input; or a feed's address "
                + "alone (https://SERVER/tags/NAME, /public, /@USER; giphy:trending, giphy:search/WORDS).",
            valueName: "path"))
    var paths: [String] = []

    @Flag(name: [.short, .long], help: "Take the pictures of every folder below as well.")
    var recursive = false

    @Option(help: "The order of the pictures: name (natural), time (modified), size or taken (EXIF date).")
    var sort: PictureFiles.Order = .name

    @Flag(help: "The order reversed: last first.")
    var reverse = false

    @Flag(name: .customShort("o"), help: "On exit, print the marked pictures' paths, one a line (as nsxiv's -o).")
    var printMarked = false

    @Flag(name: .customShort("0"), help: "As -o, ending each path with a NUL instead of a newline.")
    var nulSeparated = false

    @Option(parsing: .unconditional, help: "The most memory decoded thumbnails take, in MB.")
    var cacheSize = Self.defaultCacheSize

    @Flag(help: "Neither read nor write the desktop's shared thumbnail cache.")
    var noDiskCache = false

    @Option(
        name: .customLong("index-size"), parsing: .unconditional,
        help: "The most disk the index of pictures' headers takes in $XDG_CACHE_HOME/cellscape, in MB (0: none).")
    var indexSize = SharedHeaderIndex.defaultSize

    @Option(
        name: .customLong("api-base"),
        help: "Ask a feed's API at this address instead (a mirror, a test's server): https, or http to this machine.")
    var apiBase: String?

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "Trust the certificate authorities in this PEM file instead of the system's (a mirror's private one).",
            valueName: "file"))
    var caFile: String?

    @Option(
        name: .customLong("http-cache-size"), parsing: .unconditional,
        help: "The most disk a feed's downloads take in $XDG_CACHE_HOME/cellscape/http, in MB.")
    var httpCacheSize = Self.defaultHTTPCacheSize

    @Option(
        name: .customLong("save-to"),
        help: ArgumentHelp("The folder w saves pictures into (default: ~/Pictures/Cellscape).", valueName: "folder"))
    var saveTo: String?

    /// The folder `w` saves into, absolute.
    var saveFolder: String {
        guard let saveTo else { return NSHomeDirectory() + "/Pictures/Cellscape" }
        return URL(fileURLWithPath: (saveTo as NSString).expandingTildeInPath).standardizedFileURL.path
    }

    @Flag(name: .customLong("show-sensitive"), help: "Show a feed's media marked sensitive at once, not blurred.")
    var showSensitive = false

    func validate() throws {
        guard (16...65536).contains(cacheSize) else {
            throw ValidationError("--cache-size must be from 16 to 65536 (MB), not \(cacheSize)")
        }
        guard (0...1_000_000).contains(indexSize) else {
            throw ValidationError("--index-size must be from 0 to 1000000 (MB), not \(indexSize)")
        }
        guard (0...1_000_000).contains(httpCacheSize) else {
            throw ValidationError("--http-cache-size must be from 0 to 1000000 (MB), not \(httpCacheSize)")
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw ValidationError("--ca-file \(caFile) cannot be read")
        }
        if paths.count > 1, paths.contains(where: FeedAddress.looksLikeAddress) {
            throw ValidationError("a feed's address is given alone, without files or other feeds")
        }
    }

    /// The feed of the pictures named, or nil when none are; throws when they name no picture. When
    /// `watching`, pictures written into their folders join it as they land.
    /// With `opensAlone`, a picture given alone shows at once, the other pictures of its folder joining
    /// around it as they are listed (as eog and gThumb open a file a file manager hands them).
    func feed(watching: Bool = false, streaming: Bool = false, opensAlone: Bool = false)
        throws -> PictureFeed?
    {
        guard !paths.isEmpty else { return nil }
        if let address = feedAddress { return try remoteFeed(address) }
        var arguments = paths.filter { $0 != "-" }
        if paths.contains("-") {
            let (read, refused) = Self.pathsOnStandardInput()
            guard !read.isEmpty || !arguments.isEmpty else {
                throw CommandError(refused ?? "no paths on standard input")
            }
            if let refused { FileHandle.standardError.write(Data("cellscape: \(refused), passed over\n".utf8)) }
            arguments += read
        }
        // Named by its absolute path, as the listing and the folder watcher name the others.
        if opensAlone, !paths.contains("-"), arguments.count == 1, Self.isFile(arguments[0]),
            let file = PictureFiles(arguments, recursive: false).paths.first
        {
            return PictureFeed(
                opening: file, order: sort, descending: reverse, threads: ParallelWorkers.count,
                diskCache: Self.diskCache(!noDiskCache), headerIndex: SharedHeaderIndex.index(megabytes: indexSize),
                memoryBytes: cacheSize << 20, watching: watching,
                report: Self.report)
        }
        // A folder is listed while the window opens: a missing path is said first, as without.
        if streaming, arguments.contains(where: Self.isFolder) {
            let present = arguments.filter { argument in
                guard let problem = Self.unreadable(argument) else { return true }
                FileHandle.standardError.write(Data("cellscape: \(problem)\n".utf8))
                return false
            }
            guard !present.isEmpty else { throw ExitCode(2) }
            return PictureFeed(
                listing: present, recursive: recursive, order: sort, descending: reverse,
                threads: ParallelWorkers.count, diskCache: Self.diskCache(!noDiskCache),
                headerIndex: SharedHeaderIndex.index(megabytes: indexSize), memoryBytes: cacheSize << 20,
                watching: watching, report: Self.report)
        }
        let found = PictureFiles(arguments, recursive: recursive, order: sort, descending: reverse)
        for problem in found.problems { FileHandle.standardError.write(Data("cellscape: \(problem)\n".utf8)) }
        guard !found.paths.isEmpty else {
            // Each path that could not be taken has had its line.
            if !found.problems.isEmpty { throw ExitCode(2) }
            let hint = found.subfolderHint.map { "; " + $0 } ?? ""
            throw CommandError(
                "no pictures (\(PictureHeader.Format.names)) in \(arguments.joined(separator: ", "))" + hint)
        }
        let feed = Self.feed(
            of: found.paths, cacheSize: cacheSize, diskCache: !noDiskCache,
            headerIndex: SharedHeaderIndex.index(megabytes: indexSize))
        let foldersGiven = recursive ? arguments.filter(Self.isFolder).map(PictureFiles.absolute) : []
        feed.take(listing: found, foldersGiven: foldersGiven, watching: watching, recursive: recursive)
        return feed
    }

    /// The feed's address, when one is given (alone) instead of pictures.
    var feedAddress: String? { paths.count == 1 && FeedAddress.looksLikeAddress(paths[0]) ? paths[0] : nil }

    /// The feed of the remote feed at `text`: its pages read as the view nears their end.
    private func remoteFeed(_ text: String) throws -> PictureFeed {
        Self.feed(reading: try remoteSource(text), cacheSize: cacheSize)
    }

    /// A feed of `source`'s pictures, decoded on a worker a core (downloads wait on none of them).
    /// With `joinsOnInput`, its pictures join on inputs from the first (a session's): set before the
    /// source is read, which may give a page at once (from the cache of downloads).
    static func feed(reading source: RemoteSource, cacheSize: Int, joinsOnInput: Bool = false) -> PictureFeed {
        let feed = PictureFeed(
            paths: [], threads: ParallelWorkers.count, diskCache: nil,
            memoryBytes: cacheSize << 20, report: Self.report)
        feed.joinsSourcesOnInput = joinsOnInput
        feed.read(source)
        return feed
    }

    /// The source of the remote feed at `text`, its downloads kept in the cache of downloads (without
    /// it, when it cannot be made, saying so).
    ///
    /// In a replay (`offline`), from the cache alone.
    func remoteSource(_ text: String, offline: Bool = false) throws -> RemoteSource {
        try Self.remoteSource(
            text, apiBase: apiBase, httpCacheSize: httpCacheSize, authorities: caFile, offline: offline)
    }

    /// The defaults of `--cache-size` and `--http-cache-size`, in MB.
    static let defaultCacheSize = 256
    static let defaultHTTPCacheSize = 300

    /// The remote feed at `text`, its API at `apiBase` when given, its downloads kept in the cache of
    /// `httpCacheSize` MB (none at 0, unless `offline`: a replay reads the cache alone), trusting the
    /// certificate authorities of the PEM file `authorities` when given.
    static func remoteSource(
        _ text: String, apiBase: String?, httpCacheSize: Int, authorities: String? = nil, offline: Bool = false
    ) throws -> RemoteSource {
        let address: FeedAddress
        var key: String?
        do {
            address = try FeedAddress(text, apiBase: apiBase)
            // A replay needs no key: the cache's names leave it out.
            if case .giphy = address { key = offline ? (try? GiphyKey.load()) ?? "replayed" : try GiphyKey.load() }
        } catch {
            throw CommandError(error.description)
        }
        var cache: HTTPDiskCache?
        if httpCacheSize > 0 || offline {
            do {
                cache = try HTTPDiskCache(folder: Self.httpCacheFolder(), limit: max(httpCacheSize, 1) << 20)
            } catch {
                Self.report(error.description)
            }
        }
        if let problem = RemoteFetcher.transportProblem { throw CommandError(problem) }
        let fetcher = RemoteFetcher(
            cache: cache, trusting: authorities, offline: offline, policy: AddressPolicy(userAddress: address.server))
        let title = address.title(host: URLComponents(string: text)?.host)
        return RemoteSource(
            reader: RemoteFeedReader(address: address, fetcher: fetcher, giphyKey: key), fetcher: fetcher, title: title)
    }

    /// `$XDG_CACHE_HOME/cellscape/http`, else `~/.cache/cellscape/http`.
    static func httpCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let caches =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return URL(fileURLWithPath: caches).appendingPathComponent("cellscape/http")
    }

    /// The paths on standard input, one a line, and what to say of the lines that cannot be paths (binary
    /// data): the first, quoted and cut short, and how many more, in one line however many there are.
    private static func pathsOnStandardInput() -> (paths: [String], refused: String?) {
        var paths: [String] = []
        var first: String?
        var refused = 0
        while let line = readLine() {
            guard !line.isEmpty else { continue }
            guard line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                paths.append(line)
                continue
            }
            refused += 1
            if first == nil { first = line.count > 40 ? String(line.prefix(40)) + "..." : line }
        }
        guard let first else { return (paths, nil) }
        let more = refused > 1 ? " (and \(refused - 1) more \(refused == 2 ? "line" : "lines") like it)" : ""
        return (paths, "standard input: not a path: \(first.debugDescription)\(more)")
    }

    /// Why `path` cannot be read ("cannot read the folder locked: Permission denied"), or nil when it
    /// can: a folder is opened as the listing will open it, so one that cannot be listed is said
    /// before the window opens.
    static func unreadable(_ path: String) -> String? {
        guard access(path, F_OK) == 0 else { return "cannot read \(path): \(String(cString: strerror(errno)))" }
        guard isFolder(path) else { return nil }
        guard let folder = opendir(path) else {
            return "cannot read the folder \(path): \(String(cString: strerror(errno)))"
        }
        closedir(folder)
        return nil
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The feed of the pictures at `paths`, each problem said on standard error.
    static func feed(
        of paths: [String], cacheSize: Int = 256, diskCache: Bool = true, headerIndex: HeaderIndex? = nil
    ) -> PictureFeed {
        PictureFeed(
            paths: paths, threads: ParallelWorkers.count, diskCache: Self.diskCache(diskCache),
            headerIndex: headerIndex, memoryBytes: cacheSize << 20, report: report)
    }

    /// The desktop's shared thumbnail cache, when it is to be used.
    static func diskCache(_ used: Bool) -> ThumbnailCache? {
        used ? ThumbnailCache(environment: ProcessInfo.processInfo.environment) : nil
    }

    /// Says a feed's problem on standard error, one line.
    static func report(_ problem: String) {
        FileHandle.standardError.write(Data("cellscape: \(problem)\n".utf8))
    }
}

/// How many workers decode pictures: every core.
enum ParallelWorkers {
    static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

extension PictureFiles.Order: ExpressibleByArgument {}
