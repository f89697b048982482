import ArgumentParser
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import CellscapeX11
import Foundation

/// `cellscape view` (and plain `cellscape`): the force view in an X11 window.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Browse pictures in a grid, or show force-directed cells and a waterfall, in a window (the default).",
        discussion: ([
            """
            Given pictures or folders (\(PictureHeader.Format.names); stills and animations), shows their thumbnails \
            in a waterfall grid; Enter or a double click opens one. Without, shows force-directed cells, and Tab \
            the waterfall of generated items.
            """
        ] + KeyTable.paragraphs + [
            "\(KeyTable.hiding.prefix(1).uppercased())\(KeyTable.hiding.dropFirst()).",
            """
            The key-handler (x, then a key) is the executable $XDG_CONFIG_HOME/cellscape/key-handler, else \
            ~/.config/cellscape/key-handler, as nsxiv's: it runs with the key as its argument and the pictures' \
            paths on its standard input, one a line; what it changed or removed is read again when it ends.
            """,
        ])
        .joined(separator: "\n\n")
    )

    @OptionGroup var scene: SceneOptions

    @Flag(help: "Present frames with XPutImage instead of MIT-SHM shared memory.")
    var noShm = false

    @Flag(help: "Print 'ready window=0x<id>' once the window shows, for scripts that drive it (xdotool).")
    var printReady = false

    @Option(parsing: .unconditional, help: "Frames per second while something moves.")
    var fps = 60

    @Flag(name: .customLong("private"), help: "Keep no history of the queries typed in the query line.")
    var isPrivate = false

    @Option(help: "The X display (default: $DISPLAY).")
    var display: String?

    @Option(help: "The view that shows first: force or waterfall (with pictures, waterfall unless told).")
    var view: ViewerModel.View?

    @OptionGroup var feed: FeedOptions

    @OptionGroup var pictures: PictureOptions

    // Numbers parsed unconditionally: a negative one is said out of range, not taken for an option.
    @Option(
        parsing: .unconditional,
        help: "Pixels per point for text, tiles and bars (2 on a 192-dpi screen); default: the display's Xft.dpi / 96.")
    var scale: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Start a slideshow of the pictures, each shown this many seconds.", valueName: "seconds"))
    var slideshow: Double?

    @Flag(name: [.short, .long], help: "Start fullscreen.")
    var fullscreen = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Open the picture given at this zoom, in percent (default: fitted).", valueName: "percent"))
    var zoom: Double?

    @Option(
        help: ArgumentHelp("Record the session (its start and every input event) into this file.", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Play a recorded session in the window instead of taking input.", valueName: "file"))
    var replay: String?

    @Option(help: ArgumentHelp("On exit, write the final state (cells, scroll, view) as JSON here.", valueName: "file"))
    var stateOnExit: String?

    @Option(
        help: ArgumentHelp(
            "On exit, write how long frames took (count, median, p99, longest) as JSON here.", valueName: "file"))
    var frameTimes: String?

    func validate() throws {
        if let scale, !(0.5...4).contains(scale) {
            throw ValidationError("--scale must be from 0.5 to 4, not \(scale)")
        }
        if let slideshow {
            guard (0.1...86400).contains(slideshow) else {
                throw ValidationError("--slideshow must be from 0.1 to 86400 seconds, not \(slideshow)")
            }
            guard !pictures.paths.isEmpty else { throw ValidationError("--slideshow needs pictures to show") }
        }
        if !pictures.paths.isEmpty {
            if replay != nil { throw ValidationError("give a session to replay or pictures, not both") }
            if feed.items != nil || feed.count != nil {
                throw ValidationError("give pictures or --items/--count, not both")
            }
        }
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be from 1 to 1000, not \(fps)") }
        if let zoom, !(1...3200).contains(zoom) {
            throw ValidationError("--zoom must be from 1 to 3200 (percent), not \(zoom)")
        }
    }

    func run() throws {
        var (options, shown) =
            try replay.map { path in
                let session = try SessionFile.load(path: path)
                var (options, shown) = try SessionFile.options(for: session.header)
                options.replay = session
                options.opener = try QueryOpener.replaying(session.header)
                return (options, shown)
            } ?? liveOptions()
        // One connection for the process, opened once the pictures are found (a missing one is said
        // first): the display gives the scale unless told.
        let connection = try X11Connection(displayName: display)
        if replay == nil { options.waterfall.scale = scale ?? connection.scale ?? 1 }
        options.fullscreen = fullscreen
        options.sharedMemory = !noShm
        options.framesPerSecond = fps
        options.displayName = display
        options.iconPath = Assets.path("icon.png", withoutIt: "the window has no icon")
        // The session and the state are what the user asked for: failing to write either ends with 1.
        var outputFailed = false
        if let record {
            var items =
                shown.map { pictures.sessionItems(of: $0) } ?? feed.source(of: options.waterfall.catalog)
            // Feeds the query line opens are asked there too, and read from there when replayed.
            items.apiBase = pictures.apiBase
            let header = SessionHeader(
                force: options.scene, waterfall: options.waterfall, view: options.view, items: items)
            options.recording = (header, try SessionFile.writer(path: record) { outputFailed = true })
        }
        let printsMarked = pictures.printMarked || pictures.nulSeparated
        // The ready line goes where the marked paths do not (standard error with -o), when asked.
        options.readyDescriptor = !printReady ? -1 : printsMarked ? 2 : 1
        if replay == nil { options.opener = QueryOpener(pictures: pictures, offline: false, private: isPrivate) }
        options.onExit = { [pictures, stateOnExit] state, shownLast in
            if let stateOnExit {
                do {
                    try OutputFile.write(state.json, to: stateOnExit)
                } catch {
                    FileHandle.standardError.write(Data("cellscape: \(error)\n".utf8))
                    outputFailed = true
                }
            }
            if printsMarked {
                let end = pictures.nulSeparated ? "\0" : "\n"
                // Read at the end: a listing may have added them. A remote item's is its page.
                let paths = shownLast?.addresses ?? []
                let marked = (state.marks ?? []).filter(paths.indices.contains).map { paths[$0] + end }
                FileHandle.standardOutput.write(Data(marked.joined().utf8))
            }
        }
        let viewer = try Viewer(options: options, pictures: shown, connection: connection)
        viewer.run()
        // The window closed: a feed's pages and downloads are cancelled, none started after.
        shown?.closeSources()
        if let frameTimes {
            do {
                try OutputFile.write(viewer.frameTimes.json, to: frameTimes)
            } catch {
                FileHandle.standardError.write(Data("cellscape: \(error)\n".utf8))
                outputFailed = true
            }
        }
        if outputFailed { throw ExitCode(1) }
    }

    /// The options of a live viewer, and the pictures it shows if given some.
    private func liveOptions() throws -> (ViewerOptions, PictureFeed?) {
        var options = ViewerOptions()
        // A recording holds the pictures it started with, every one listed and laid out, as its
        // replay will: a folder that changes would not replay.
        // A feed's session starts with its first page, read before the window opens; the pages after
        // it join by inputs the session records.
        if let feed = try pictures.feed(watching: record == nil, streaming: record == nil, opensAlone: true) {
            if record != nil {
                feed.waitForSources()
                if feed.count == 0, let problem = feed.sourceProblem { throw CommandError(problem) }
                feed.waitForAllHeaders()
                feed.joinsSourcesOnInput = true
            }
            options.waterfall.opensPicture = pictures.openedPosition(in: feed)
            options.waterfall.sourceName = pictures.sourceName
            options.waterfall.opensAtZoom = zoom.map { $0 / 100 }
            options.waterfall.pictureOrder = pictures.sort
            options.waterfall.picturesDescending = pictures.reverse
            options.waterfall.showsSensitive = pictures.showSensitive
            options.saveFolder = pictures.saveFolder
            if let seconds = slideshow {
                options.waterfall.slideshowSeconds = seconds
                options.waterfall.startsSlideshow = true
            }
            options.scene = scene.scene
            options.view = view ?? .waterfall
            options.waterfall.size = options.scene.size
            return (options, feed)
        }
        options.scene = scene.scene
        options.view = view ?? .force
        options.waterfall.catalog = try feed.catalog(seed: scene.simulation.seed)
        options.waterfall.seed = scene.simulation.seed
        options.waterfall.size = options.scene.size
        return (options, nil)
    }
}

extension ViewerModel.View: ExpressibleByArgument {}

/// Where the waterfall's items come from: a catalog file, generated items, or the bundled catalog.
struct FeedOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Read the waterfall's items from this JSON catalog (see the README).", valueName: "file"))
    var items: String?

    @Option(
        parsing: .unconditional, help: "Generate this many waterfall items from --seed instead of reading a catalog.")
    var count: Int?

    func validate() throws {
        if items != nil && count != nil { throw ValidationError("give --items or --count, not both") }
        if let count, !(0...WaterfallCatalog.limit).contains(count) {
            throw ValidationError("--count must be from 0 to \(WaterfallCatalog.limit), not \(count)")
        }
    }

    /// The items these options name; without either option, the bundled catalog (or none, and the feed
    /// is generated from the start).
    func catalog(seed: UInt64) throws -> [WaterfallItem] {
        if let items { return try WaterfallCatalog.load(path: items) }
        if let count { return GeneratedItems.items(count: count, seed: seed) }
        return try Self.bundledCatalog()
    }

    /// The catalog Cellscape ships, `assets/waterfall-items.json`, or none if it cannot be found.
    static func bundledCatalog() throws -> [WaterfallItem] {
        try Assets.path("waterfall-items.json", withoutIt: "the waterfall shows generated items").map {
            try WaterfallCatalog.load(path: $0)
        } ?? []
    }

    /// Where `catalog`, the items these options gave, came from, as a session header records it.
    func source(of catalog: [WaterfallItem]) -> SessionHeader.Items {
        if let items {
            return SessionHeader.Items(source: .file, path: URL(fileURLWithPath: items).path, items: catalog)
        }
        if let count { return SessionHeader.Items(source: .generated, count: count, items: catalog) }
        return SessionHeader.Items(source: .bundled, items: catalog)
    }
}
