import ArgumentParser
import CellscapeBenchmarks
import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import Foundation

/// `cellscape bench images`: header scan and thumbnail rate on a folder of pictures.
struct BenchImagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "images",
        abstract: "Benchmark reading picture headers and making thumbnails (no disk cache) on a folder.",
        discussion: """
            With --make N, first writes N photo-like JPEGs of 3000x2000 (quality 90) and N/10 PNGs into the \
            folder. Headers are read twice (the second run, page cache warm, is reported); then every picture \
            gets a thumbnail for 240 px tiles on every core.
            """
    )

    @Argument(help: ArgumentHelp("The folder of pictures.", valueName: "folder"))
    var folder: String

    @Option(parsing: .unconditional, help: "Write this many generated JPEGs (and a tenth as many PNGs) first.")
    var make: Int?

    @Option(parsing: .unconditional, help: "The tile size the thumbnails fit, in pixels.")
    var side = 240

    @Option(
        parsing: .unconditional,
        help: "Also scroll through every picture, a screen at a time, keeping this many MB of thumbnails.")
    var scrollWithCache: Int?

    @Option(parsing: .unconditional, help: "The size of the generated pictures, WxH.")
    var makeSize = "3000x2000"

    @Option(parsing: .unconditional, help: "The window of the first screen, WxH (its width sets the tiles' side).")
    var window = "1280x800"

    @Option(
        name: .customLong("make-gifs"), parsing: .unconditional,
        help: "Write this many animated GIFs (480x270, 60 frames at 10 fps, a third transparent) and play them.")
    var makeGIFs: Int?

    @Option(
        parsing: .unconditional,
        help: "Instead, watch the folder and write this many pictures into it, timing each until it shows.")
    var live: Int?

    @Flag(help: "Instead, play the animations and clips already in the folder, scrolling and at rest.")
    var play = false

    @Flag(help: "Instead, open each video in the folder and seek it to 15 places, timing each until its frame arrives.")
    var seek = false

    @Option(
        name: .customLong("in-window"), parsing: .unconditional,
        help: "With --make-gifs: play them in a real 1280x800 window (needs a display), measuring this many seconds.")
    var inWindow: Double?

    @Option(
        name: .customLong("copy-in"), parsing: .unconditional,
        help:
            "Instead, watch a new folder in it and copy this many of its pictures in at once, timing the loop's turns.")
    var copyIn: Int?

    @Flag(
        help:
            ArgumentHelp(
                "Only the first screen as the viewer shows it, timed from the start of the listing, "
                    + "with the cache empty and then filled.")
    )
    var firstScreenOnly = false

    @Flag(help: "Instead, read every header, then time each sort key and removing every hundredth picture.")
    var sortAgain = false

    @Flag(
        help: ArgumentHelp(
            "Instead, open the folder three times, until every tile is laid out: without the index of headers, "
                + "filling it (from an empty one: give a new XDG_CACHE_HOME), and through it."))
    var reopen = false

    @Option(
        help: ArgumentHelp(
            "With --reopen, only this opening: without, filling or through (a million pictures each in a "
                + "new process)."))
    var only: String?

    func validate() throws {
        if let only, !ReopenBenchmark.openings.contains(only) {
            throw ValidationError("--only must be without, filling or through, not '\(only)'")
        }
        if let live, !(1...1000).contains(live) { throw ValidationError("--live must be from 1 to 1000, not \(live)") }
        if let copyIn, !(1...1_000_000).contains(copyIn) {
            throw ValidationError("--copy-in must be from 1 to 1000000, not \(copyIn)")
        }
        if let make, !(1...100_000).contains(make) {
            throw ValidationError("--make must be from 1 to 100000, not \(make)")
        }
        guard (16...4096).contains(side) else { throw ValidationError("--side must be from 16 to 4096, not \(side)") }
        if let inWindow, !(1...3600).contains(inWindow) {
            throw ValidationError("--in-window must be from 1 to 3600 seconds, not \(inWindow)")
        }
        if inWindow != nil && makeGIFs == nil { throw ValidationError("--in-window plays the GIFs of --make-gifs") }
        if let makeGIFs, !(1...10_000).contains(makeGIFs) {
            throw ValidationError("--make-gifs must be from 1 to 10000, not \(makeGIFs)")
        }
        if let scrollWithCache, !(16...65536).contains(scrollWithCache) {
            throw ValidationError("--scroll-with-cache must be from 16 to 65536 (MB), not \(scrollWithCache)")
        }
    }

    func run() throws {
        // Interrupted, it removes what it has not finished: a picture being written, its own cache.
        let folder = self.folder
        Interruption.install {
            [PictureBenchmark.temporaryCacheRoot]
                + ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".partial") }.map { "\(folder)/\($0)" }
        }
        let progress = Progress()
        if play || seek {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted {
                $0.localizedStandardCompare($1) == .orderedAscending
            }
            let paths = names.filter {
                PictureHeader.Format.allEndings.contains(($0 as NSString).pathExtension.lowercased())
            }
            .map { "\(folder)/\($0)" }
            guard !paths.isEmpty else { throw CommandError("\(folder): no pictures or videos to play") }
            if seek {
                let reports = SeekBenchmark(paths: paths).run { progress.stage($0) }
                progress.finish()
                guard !reports.isEmpty else { throw CommandError("\(folder): no video that seeks") }
                for report in reports {
                    print(
                        String(
                            format: "seeks in %@: %d places, median %.0f ms, slowest %.0f ms (until the frame arrived)",
                            (report.path as NSString).lastPathComponent, report.seeks, report.median, report.slowest))
                }
                return
            }
            let report = AnimationBenchmark(paths: paths).run { progress.stage($0) }
            progress.finish()
            print(Self.describe(report, of: paths.count, "pictures and videos"))
            return
        }
        if let make {
            progress.stage("writing \(make) photo-like JPEGs and \(make / 10) PNGs into \(folder)")
            let parts = makeSize.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ (16...20_000).contains($0) }) else {
                throw CommandError("--make-size must be WxH, each from 16 to 20000, not '\(makeSize)'")
            }
            _ = try FixtureFolders.photos(in: folder, count: make, width: parts[0], height: parts[1])
        }
        if let makeGIFs {
            progress.stage("writing \(makeGIFs) animated GIFs into \(folder)")
            let paths = try FixtureFolders.animations(in: folder, count: makeGIFs)
            if let inWindow {
                progress.stage("playing \(makeGIFs) GIFs in a window: 8 s, then \(inWindow) s measured")
                let report = try AnimatedWindowBench(paths: paths, seconds: inWindow).run()
                progress.finish()
                print(
                    String(
                        format: "animations in a window, %d GIFs: %.1f%% of a core (X server apart); %d frames, "
                            + "%d of them drawn and presented in part, %.1f megapixels presented a second; "
                            + "frame p99 %.1f ms", paths.count, report.cpu * 100, report.frames, report.partialFrames,
                        report.megapixelsPerSecond, report.p99))
                return
            }
            let report = AnimationBenchmark(paths: paths).run { progress.stage($0) }
            progress.finish()
            print(Self.describe(report, of: paths.count, "GIFs"))
            return
        }
        if let copyIn {
            progress.stage("copying \(copyIn) pictures into a folder watched in \(folder)")
            let report = try CopyInBenchmark(folder: folder).run(count: copyIn)
            progress.finish()
            print(
                String(
                    format: "copied in, %d pictures: %d shown after %.1f s; %d turns of the loop, longest %.1f ms, "
                        + "p99 %.1f ms", report.copied, report.arrived, report.seconds, report.turns, report.longest,
                    report.p99))
            return
        }
        if let live {
            progress.stage("writing \(live) pictures into \(folder), each timed until it shows")
            let times = try LiveFolderBenchmark(folder: folder).run(count: live).sorted()
            progress.finish()
            print(
                String(
                    format: "live folder, %d pictures written: shown after median %.1f ms, longest %.1f ms",
                    live, Double(times[times.count / 2]) / 1e6, Double(times.last ?? 0) / 1e6))
            return
        }
        if reopen {
            let index = HeaderIndex(path: HeaderIndex.file(), limit: 1 << 30) { problem in
                FileHandle.standardError.write(Data("cellscape: \(problem)\n".utf8))
            }
            let runs = try ReopenBenchmark(folder: folder, index: index).run(only: only) { progress.stage($0) }
            progress.finish()
            for run in runs {
                print(
                    String(
                        format: "%d pictures laid out %@: %.2f s, %.0f MB resident", run.pictures, run.name,
                        run.seconds, run.residentMegabytes))
            }
            return
        }
        if sortAgain {
            let report = try OrderBenchmark(folder: folder).run { progress.stage($0) }
            progress.finish()
            let sorts = report.sorts.map { String(format: "%@ %.1f ms", $0.order, $0.milliseconds) }
            print(
                "sorting \(report.pictures) pictures again: " + sorts.joined(separator: ", ")
                    + String(format: "; %d removed at once: %.1f ms", report.removed, report.removal))
            return
        }
        if firstScreenOnly {
            let sides = window.split(separator: "x").compactMap { Double($0) }
            guard sides.count == 2 else { throw CommandError("--window must be WxH, not '\(window)'") }
            progress.stage("the first screen of \(folder), from the start of its listing")
            let report = PictureBenchmark.firstScreenFromStart(
                folder: folder, window: Size(width: sides[0], height: sides[1]))
            progress.finish()
            print(
                String(
                    format: "first screen, %d pictures: %.0f ms from the start with an empty cache, %.0f ms with it "
                        + "filled (the listing, on a thread of its own, ended after %.0f ms)",
                    report.pictures, report.cold, report.cached, report.listing))
            return
        }
        let pictures = PictureFiles([folder], recursive: false)
        guard !pictures.paths.isEmpty else {
            throw CommandError("\(folder): no pictures (\(PictureHeader.Format.names))")
        }
        let sides = window.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, sides.allSatisfy({ (64...8192).contains($0) }) else {
            throw CommandError("--window must be WxH, each from 64 to 8192, not '\(window)'")
        }
        let windowSize = Size(width: Double(sides[0]), height: Double(sides[1]))
        let report = PictureBenchmark(paths: pictures.paths, side: side, window: windowSize).run { progress.stage($0) }
        progress.finish()
        print(
            String(
                format:
                    "images, %d pictures: headers %.0f per second (page cache warm); "
                    + "thumbnails of %d px %.1f per second; "
                    + "first %@ screen %.0f ms (disk cache filled: %.0f ms); %d not pictures",
                report.pictures, report.headersPerSecond, side, report.thumbnailsPerSecond, window, report.firstScreen,
                report.firstScreenCached, report.failures))
        guard let scrollWithCache else { return }
        progress.stage("scrolling through \(pictures.paths.count) pictures with \(scrollWithCache) MB of thumbnails")
        let scroll = PictureBenchmark(paths: pictures.paths, side: side).scrollThrough(
            memoryBytes: scrollWithCache << 20)
        progress.finish()
        print(
            String(
                format: "scrolled through %d pictures in %.1f s; peak memory %.1f MB (thumbnails at most %d MB)",
                pictures.paths.count, scroll.seconds, scroll.peakMegabytes, scrollWithCache))
    }

    /// The animation bench's line: what played, scrolling and at rest.
    static func describe(_ report: AnimationBenchmark.Report, of count: Int, _ what: String) -> String {
        String(
            format: "animations, %d " + what + ", %d playing on screen: scrolling p99 %.1f ms (median %.1f); "
                + "%d of %d frames late (%.2f%%); at rest %.1f%% of a core, %.0f draws a second; "
                + "peak memory %.0f MB (budget %d MB)",
            count, report.tilesPlaying, report.scrollP99, report.scrollMedian, report.framesLate,
            report.framesShown, 100 * Double(report.framesLate) / Double(max(1, report.framesShown)),
            report.stillCPUPercent, report.stillDrawsPerSecond, report.peakMegabytes, report.budgetMegabytes)
    }
}
