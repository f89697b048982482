import CellscapeFeeds
import CellscapeLayout
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeRemote
@testable import CellscapeViewer

/// A feed on a bad day, on loopback servers that fail as real ones do: media that fail once, a tile
/// whose server stays down, a 429 waited out as a deadline of the frame scheduler's (the clocks moved
/// by hand, not slept),
/// and the server gone with the cache of downloads holding what was read.
@Suite struct BadDayTests {
    typealias Harness = RemoteSourceTests

    /// A clock a test moves by hand, in seconds since 1970.
    final class ManualTime: Sendable {
        private let state = Guarded<Double>(1000)
        var now: Double { state.withLock { $0 } }
        var clock: @Sendable () -> Double { { self.now } }
        /// Moves the clock to `now`.
        func move(to now: Double) { state.withLock { $0 = now } }
    }

    static func png() throws -> [UInt8] {
        try [UInt8](Data(contentsOf: Harness.fixtures.appendingPathComponent("grey8-trns.png")))
    }

    /// A timeline server whose one page lists `count` images of `media`'s, and its address.
    static func timeline(of count: Int, from media: LoopbackServer) async throws -> (LoopbackServer, FeedAddress) {
        let api = try await LoopbackServer { _ in .json(Harness.page(media: media, first: 0, count: count)) }
        return (api, try FeedAddress("https://m.example/public", apiBase: api.url("")))
    }

    /// How many requests `server` took for `target`.
    static func asked(_ server: LoopbackServer, _ target: String) -> Int {
        server.taken.count { $0.target == target }
    }

    @Test func whenNoConnectionCanBeMadeTheCachesCopyIsServedSayingWhenItWasSaved() async throws {
        let server = try await LoopbackServer { _ in .json("[1]", headers: [("Cache-Control", "max-age=10")]) }
        let folder = RemoteFetcherTests.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = try RemoteFetcherTests.fetcher(cache: folder)
        let online = try await fetcher.fetch(URL(string: server.url("/kept"))!, cap: 1000, now: 1000)
        await server.stop()
        // An hour later, stale, the server gone: the copy, and when it was saved.
        let kept = try await fetcher.fetch(URL(string: server.url("/kept"))!, cap: 1000, now: 4600)
        #expect(online.savedAt == nil && kept.body == Array("[1]".utf8) && kept.fromCache && kept.savedAt == 1000)
        // Nothing saved: the failure as before.
        let other = await RemoteFetcherTests.failure {
            _ = try await fetcher.fetch(URL(string: server.url("/other"))!, cap: 1000, now: 4600)
        }
        #expect(other == .transient("127.0.0.1 refused the connection"))
        await fetcher.shutdown()
    }

    @Test func mediaThatFailOnceWithA503OrABrokenBodyStillShow() async throws {
        let png = try Self.png()
        let seen = Guarded<Set<String>>([])
        let media = try await LoopbackServer { request in
            let first = seen.withLock { $0.insert(request.target).inserted }
            let reply = LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
            guard first else { return reply }
            // Even files: a 503 first; odd ones: their connection reset halfway through the body.
            let number = Int(request.target.dropFirst().prefix { $0.isNumber }) ?? 0
            var broken = reply
            broken.cutsBodyAfter = png.count / 2
            return number % 2 == 0 ? reply.with(status: 503) : broken
        }
        let (api, address) = try await Self.timeline(of: 6, from: media)
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let shown = await Harness.onOwnThread { () -> String in
            let (feed, _) = Harness.feed(address, fetcher)
            Harness.wait(feed) { feed.count == 6 }
            feed.want(visible: 0..<6, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Harness.wait(feed) { (0..<6).allSatisfy { feed.thumbnail($0) != nil || feed.problem(at: $0) != nil } }
            let problems = (0..<6).compactMap { feed.problem(at: $0) }
            return "\((0..<6).count { feed.thumbnail($0) != nil }) thumbnails, problems \(problems)"
        }
        #expect(shown == "6 thumbnails, problems []")
        #expect((0..<6).map { Self.asked(media, "/\($0).png") } == [2, 2, 2, 2, 2, 2])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aTileWhoseServerStaysDownKeepsItsPlaceholderAndIsAskedAgainWhenItComesBack() async throws {
        let png = try Self.png()
        let down = Guarded(true)
        let media = try await LoopbackServer { request in
            let reply = LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
            return request.target == "/0.png" && down.withLock({ $0 }) ? reply.with(status: 503) : reply
        }
        let (api, address) = try await Self.timeline(of: 40, from: media)
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let seen = await Harness.onOwnThread { () -> [String] in
            // One worker: requests are served one at a time, in order of priority.
            let (feed, _) = Harness.feed(address, fetcher, threads: 1)
            Harness.wait(feed) { feed.count == 40 }
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Harness.wait(feed) { feed.isUnavailable(at: 0) }
            var seen = [
                "tried \(Self.asked(media, "/0.png")) times, \(feed.problem(at: 0) ?? "not broken"), "
                    + "\(feed.placeholder(at: 0) != nil ? "its placeholder" : "no placeholder")"
            ]
            // Still in view, the server back: not asked again while it stays (the tile after it comes).
            down.withLock { $0 = false }
            feed.want(visible: 0..<2, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Harness.wait(feed) { feed.thumbnail(1) != nil }
            seen.append("in view: asked \(Self.asked(media, "/0.png")) times")
            // Scrolled away and back: asked again, and it comes.
            feed.want(visible: 10..<11, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Harness.wait(feed) { feed.thumbnail(10) != nil }
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Harness.wait(feed) { feed.thumbnail(0) != nil }
            seen.append(
                "back: asked \(Self.asked(media, "/0.png")) times, \(feed.thumbnail(0) == nil ? "no" : "a") thumbnail")
            return seen
        }
        #expect(
            seen == [
                "tried 3 times, not broken, its placeholder", "in view: asked 3 times",
                "back: asked 4 times, a thumbnail",
            ])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test(arguments: ["2", "Thu, 01 Jan 1970 00:16:42 GMT"])
    func aRateLimitsWaitIsADeadlineTheFrameSchedulerWakesAnIdleWindowFor(retryAfter: String) async throws {
        let media = try await LoopbackServer { _ in LoopbackServer.Reply(status: 404) }
        let calls = Guarded(0)
        let api = try await LoopbackServer { _ in
            let call = calls.withLock { calls in
                calls += 1
                return calls
            }
            return call == 1
                ? LoopbackServer.Reply(status: 429, headers: [("Retry-After", retryAfter)])
                : .json(Harness.page(media: media, first: 0, count: 3))
        }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let time = ManualTime()
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        let source = RemoteSource(
            reader: RemoteFeedReader(address: address, fetcher: fetcher), fetcher: fetcher, clock: time.clock)
        let seen = await Harness.onOwnThread { () -> [String] in
            let feed = PictureFeed(paths: [], threads: 1, diskCache: nil, memoryBytes: 1 << 24) { _ in }
            // The model's clock stands still too: the scheduler's deadlines are read against it.
            feed.clock = FeedClock { 5_000_000_000 }
            feed.read(source)
            var options = WaterfallScene.Options()
            options.size = Size(width: 800, height: 600)
            let driver = ViewerDriver(
                model: ViewerModel(force: ForceScene.Options(), waterfall: options, pictures: feed, view: .waterfall))
            let scheduler = FrameScheduler(driver: driver, framesPerSecond: 60)
            scheduler.isMapped = true
            // The loop's turns until the window is drawn and idle, the 429 in.
            func turn() {
                scheduler.takeProgress(now: 5_000_000_000)
                if scheduler.beginFrame(now: 5_000_000_000) != nil {
                    driver.advance()
                    driver.prepareFrame()
                    scheduler.frameDrawn(started: 5_000_000_000)
                }
            }
            turn()
            Harness.wait(feed) { source.problem != nil }
            for _ in 0..<3 { turn() }
            var seen = [
                "\(calls.withLock { $0 }) call, retry in \(source.report.retryIn ?? -1) s, "
                    + "deadline +\(((feed.nextSourceDeadline ?? 0) - 5_000_000_000) / 1_000_000) ms, "
                    + "idle wait \(scheduler.timeout(now: 5_000_000_000)) ms"
            ]
            // The wait's end: the turn the scheduler woke for asks again; no timer of the source's.
            time.move(to: 1002)
            turn()
            Harness.wait(feed) { feed.count == 3 }
            seen.append("\(calls.withLock { $0 }) calls, \(feed.count) items, \(source.status ?? "no status")")
            return seen
        }
        #expect(
            seen == [
                "1 call, retry in 2.0 s, deadline +2000 ms, idle wait 1000 ms",
                "2 calls, 3 items, no status",
            ])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aFailedDownloadsWaitIsADeadlineTheFrameSchedulerKnowsToo() async throws {
        let png = try Self.png()
        let tries = Guarded(0)
        let media = try await LoopbackServer { _ in
            let attempt = tries.withLock { tries in
                tries += 1
                return tries
            }
            return attempt == 1
                ? LoopbackServer.Reply(status: 503)
                : LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let (api, address) = try await Self.timeline(of: 1, from: media)
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let time = ManualTime()
        let source = RemoteSource(
            reader: RemoteFeedReader(address: address, fetcher: fetcher), fetcher: fetcher, clock: time.clock)
        let seen = await Harness.onOwnThread { () -> [String] in
            let feed = PictureFeed(paths: [], threads: 1, diskCache: nil, memoryBytes: 1 << 24) { _ in }
            feed.read(source)
            Harness.wait(feed) { feed.count == 1 }
            feed.want(visible: 0..<1, ahead: 0..<0, behind: 0..<0, tileWidth: 100)
            Harness.wait(feed) { source.report.retryIn != nil }
            // The first wait is half a second, times 0.5 to 1.5 at random.
            let wait = source.report.retryIn ?? -1
            var seen = [
                "tried \(tries.withLock { $0 }) time, waits \(wait >= 0.25 && wait <= 0.75 ? "0.25 to 0.75" : "\(wait)") s"
            ]
            // Its clock not moved, the loop's looks ask nothing again.
            for _ in 0..<5 { feed.takeResults() }
            seen.append("still tried \(tries.withLock { $0 }) time, \(feed.thumbnail(0) == nil ? "no" : "a") thumbnail")
            time.move(to: 1001)
            Harness.wait(feed) { feed.thumbnail(0) != nil }
            seen.append(
                "after the wait: tried \(tries.withLock { $0 }) times, no wait left: \(source.report.retryIn == nil)")
            return seen
        }
        #expect(
            seen == [
                "tried 1 time, waits 0.25 to 0.75 s", "still tried 1 time, no thumbnail",
                "after the wait: tried 2 times, no wait left: true",
            ])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func theServerGoneAFeedReadBeforeShowsFromTheCacheSayingSo() async throws {
        let png = try Self.png()
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let api = try await LoopbackServer { _ in .json(Harness.page(media: media, first: 0, count: 3)) }
        let folder = RemoteFetcherTests.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        /// The feed read through a fetcher over the cache, its first screen drawn as a snapshot draws it.
        func shown() async throws -> String {
            let fetcher = RemoteFetcher(cache: try HTTPDiskCache(folder: folder, limit: 1 << 24), policy: .thisMachine)
            let shown = await Harness.onOwnThread { () -> String in
                let (feed, source) = Harness.feed(address, fetcher)
                _ = Harness.shownScene(feed, width: 800, height: 600)
                let thumbnails = (0..<feed.count).count { feed.thumbnail($0) != nil }
                let status = source.status.map { $0.hasPrefix("offline, saved ") ? "offline, saved" : $0 }
                return "\(feed.count) items, \(thumbnails) thumbnails, \(status ?? "online")"
            }
            await fetcher.shutdown()
            return shown
        }
        let online = try await shown()
        await api.stop()
        await media.stop()
        let offline = try await shown()
        #expect([online, offline] == ["3 items, 3 thumbnails, online", "3 items, 3 thumbnails, offline, saved"])
    }

    /// A server whose every file hangs after its head, and a page of 40 of them.
    static func hangingFeed() async throws -> (media: LoopbackServer, api: LoopbackServer, address: FeedAddress) {
        let png = try Self.png()
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png, bodyDelay: .seconds(600))
        }
        let (api, address) = try await Self.timeline(of: 40, from: media)
        return (media, api, address)
    }

    @Test func closingAFeedCancelsItsDownloadsAndAsksForNothingAfter() async throws {
        let (media, api, address) = try await Self.hangingFeed()
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let seen = await Harness.onOwnThread { () -> [String] in
            let (feed, source) = Harness.feed(address, fetcher, threads: 4)
            Harness.wait(feed) { feed.count == 40 }
            feed.want(visible: 0..<4, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            Harness.wait(feed) { fetcher.transfersRunning == 4 && media.taken.count == 4 }
            var seen = ["\(fetcher.transfersRunning) transfers"]
            feed.closeSources()
            Harness.wait(feed) { fetcher.transfersRunning == 0 && source.downloadsRunning == 0 }
            feed.takeResults()
            let problems = (0..<4).compactMap { feed.problem(at: $0) }
            seen.append(
                "\(fetcher.transfersRunning) transfers, \(source.downloadsRunning) downloads, problems \(problems)")
            // Closed: the view at the end asks for no page.
            source.viewed(bottom: 0, screen: 1, contentEnd: 0)
            seen.append("\(api.taken.count) page asked, \(source.isLoading ? "loading" : "idle")")
            return seen
        }
        #expect(seen == ["4 transfers", "0 transfers, 0 downloads, problems []", "1 page asked, idle"])
        await fetcher.shutdown()
        #expect(fetcher.transfersRunning == 0)
        await api.stop()
        await media.stop()
    }

    @Test func aFeedLetGoTakesItsDownloadsWithIt() async throws {
        let (media, api, address) = try await Self.hangingFeed()
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let seen = await Harness.onOwnThread { () -> String in
            weak var released: RemoteSource?
            do {
                let (feed, source) = Harness.feed(address, fetcher, threads: 2)
                released = source
                Harness.wait(feed) { feed.count == 40 }
                feed.want(visible: 0..<2, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
                Harness.wait(feed) { fetcher.transfersRunning == 2 && media.taken.count == 2 }
            }
            // No wait, no page and no download holds the source: it goes, and cancels what it asked.
            _ = fetcher.waitForTransfersToEnd(seconds: 120)
            return "\(released == nil ? "released" : "held"), \(fetcher.transfersRunning) transfers"
        }
        #expect(seen == "released, 0 transfers")
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aBodyThatTricklesAByteAtATimeComesWholePastItsSilenceLimit() async throws {
        let png = try Self.png()
        // Each file takes about 0.3 s, a byte every millisecond: longer than the silence allowed.
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png, trickle: .milliseconds(1))
        }
        let (api, address) = try await Self.timeline(of: 3, from: media)
        var limits = RemoteFetcher.Limits()
        limits.read = .milliseconds(200)
        let fetcher = RemoteFetcher(cache: nil, limits: limits, policy: .thisMachine)
        let shown = await Harness.onOwnThread { () -> String in
            let (feed, _) = Harness.feed(address, fetcher)
            _ = Harness.shownScene(feed, width: 800, height: 600)
            let whole = (0..<feed.count).count { feed.thumbnail($0) != nil && feed.problem(at: $0) == nil }
            return "\(feed.count) items, \(whole) whole"
        }
        #expect(shown == "3 items, 3 whole")
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func aPageThatChangedBetweenTwoVisitsIsReadAnewAndOneThatDidNotFromTheCache() async throws {
        let png = try Self.png()
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        // The first visit's page; at the second, a status came on top (a new ETag); at the third, unchanged.
        let visits = Guarded(0)
        let api = try await LoopbackServer { request in
            let visit = visits.withLock { visits in
                visits += 1
                return visits
            }
            if visit == 3, request.header("If-None-Match") == "\"2\"" { return LoopbackServer.Reply(status: 304) }
            let page =
                visit == 1
                ? Harness.page(media: media, first: 1, count: 3) : Harness.page(media: media, first: 0, count: 3)
            return .json(page, headers: [("Cache-Control", "no-cache"), ("ETag", visit == 1 ? "\"1\"" : "\"2\"")])
        }
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        let folder = RemoteFetcherTests.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fetcher = RemoteFetcher(cache: try HTTPDiskCache(folder: folder, limit: 1 << 24), policy: .thisMachine)
        var seen: [String] = []
        for _ in 0..<3 {
            seen.append(
                await Harness.onOwnThread { () -> String in
                    let (feed, source) = Harness.feed(address, fetcher)
                    Harness.wait(feed) { feed.count == 3 }
                    source.close()
                    return (0..<feed.count).compactMap { feed.details(at: $0)?.page?.lastPathComponent }.joined(
                        separator: " ")
                })
        }
        #expect(seen == ["1 2 3", "0 1 2", "0 1 2"])
        #expect(api.taken.map { $0.header("If-None-Match") } == [nil, "\"1\"", "\"2\""])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }
}
