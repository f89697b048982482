import CX11
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The query line in a window, typed through XTest and the input method, against a feed server on
/// loopback (`scripts/feed-server`): a GIPHY search, a hashtag, a folder and a CJK hashtag open in the
/// same window; back returns to the first feed showing exactly what it showed, and forward again.
@Suite(.serialized, .needsXvfb)
struct QueryLineEndToEndTests {
    /// `scripts/feed-server` on a free port, its requests logged into `log`.
    static func feedServer(log: String) throws -> (ChildProcess, String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/feed-server").path
        let server = try ChildProcess(
            try #require(ChildProcess.find("python3")), [script, "--port", "0", "--items", "200", "--log", log])
        let line = try #require(server.readLine(within: 30), "feed-server did not start: \(server.errorText)")
        return (server, String(line.dropFirst("listening on ".count)))
    }

    func title(_ server: XvfbServer, _ window: Window) -> String {
        String(decoding: server.property(window, "_NET_WM_NAME", type: "UTF8_STRING").bytes, as: UTF8.self)
    }

    func waitForTitle(_ wanted: String, _ server: XvfbServer, _ window: Window) -> Bool {
        XvfbServer.waitUntil(within: 20) { title(server, window) == wanted }
    }

    /// The grid's pixels, the bar under it left out (its status fades), once every tile shows its
    /// picture (no placeholder left) and they stay the same.
    func grid(_ server: XvfbServer, _ window: Window) -> [UInt32]? {
        let shown = { (pixels: ArraySlice<UInt32>) in !pixels.contains(PictureEndToEndTests.placeholder) }
        return server.stillPixels(of: window, within: 60, still: 1) { shown($0.pixels[0..<(1280 * 760)]) }
            .map { Array($0[0..<(1280 * 760)]) }
    }

    @Test func searchesHashtagsAndFoldersOpenInTheWindowAndBackReturns() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-query-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try PictureEndToEndTests.folder(count: 6)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = root + "/requests"
        let (feeds, base) = try Self.feedServer(log: log)
        defer { feeds.stop() }
        let server = try XvfbServer()
        // Key codes no key uses: a dead acute accent (composed by the input method) and 猫.
        server.remap(250, to: "dead_acute")
        server.remap(251, to: "U732B")
        let (viewer, window) = try server.startViewer(
            ["https://mastodon.example/tags/cats", "--api-base", base, "--no-disk-cache", "--size", "1280x800"],
            environment: [
                "GIPHY_API_KEY": "any", "XDG_STATE_HOME": root + "/state", "XDG_CACHE_HOME": root + "/cache",
                "LANG": "", "LC_ALL": "", "LC_CTYPE": "",
            ])
        #expect(waitForTitle("#cats on mastodon.example - Cellscape", server, window))
        server.press(XK_Next)
        server.press(XK_Next)
        let left = try #require(grid(server, window), "the first feed scrolled, still")
        // Words search GIPHY (a key is set); the server sees the words.
        let requests = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let asked = { (path: String) in requests().split(separator: "\n").filter { $0.hasPrefix(path) } }
        server.press(XK_slash)
        server.type("cats")
        // GIPHY's autocomplete is asked once typing pauses, for what the line says then: the whole
        // word (keys typed this fast come within one pause; a test process held up between two keys
        // would see a prefix asked too, never one twice).
        let whole = "/v1/gifs/search/tags?api_key=any&q=cats&limit=8"
        #expect(XvfbServer.waitUntil(within: 20) { asked("/v1/gifs/search/tags").last.map(String.init) == whole })
        let tags = asked("/v1/gifs/search/tags")
        #expect(Set(tags).count == tags.count && tags.count <= 4, "\(tags)")
        #expect(asked("/v1/trending/searches").count <= 1, "at most one ask before the first key")
        server.press(XK_Return)
        #expect(waitForTitle("GIPHY: cats - Cellscape", server, window))
        #expect(requests().contains("/v1/gifs/search?api_key=any&q=cats"), "\(requests())")
        // Back: the first feed as it was left, at once; forward: the search again.
        server.chord(XK_Left, alt: true)
        #expect(waitForTitle("#cats on mastodon.example - Cellscape", server, window))
        let back = try #require(grid(server, window), "the first feed again, still")
        // Compared apart: a failure then says so in a line, not with two screens of pixels.
        let same = back == left
        #expect(same, "back where it was left, to the pixel")
        server.click(x: 640, y: 400, button: 9)  // the mouse's forward button
        #expect(waitForTitle("GIPHY: cats - Cellscape", server, window))
        // #word is a hashtag on the instance used last; a path opens its folder.
        server.chord(XK_l, control: true)
        server.type("#dogs")
        server.press(XK_Return)
        #expect(waitForTitle("#dogs on mastodon.example - Cellscape", server, window))
        #expect(requests().contains("/api/v1/timelines/tag/dogs?"))
        server.press(XK_slash)
        server.type(folder)
        server.press(XK_Return)
        #expect(waitForTitle("\(folder) - Cellscape", server, window))
        // A paste types too: the first picture's path copied (y), pasted (Ctrl+V), its folder opens.
        #expect(server.waitUntil(window, within: 20) { PictureEndToEndTests.pictureShare($0) > 0.2 })
        server.press(XK_Home)
        server.press(XK_y)
        // Asked until the viewer, taking the key, owns the selection.
        #expect(XvfbServer.waitUntil(within: 20) { server.selectionText("CLIPBOARD") == folder + "/picture1.png" })
        server.press(XK_slash)
        let bar = { (frame: WindowPixels) in frame.pixels[(1280 * 780)...] }
        let empty = try #require(server.stillPixels(of: window, still: 0.3)).suffix(1280 * 20)
        server.chord(XK_v, control: true)
        // The paste comes as the selection's owner answers: Enter once the line shows it.
        #expect(server.waitUntil(window, within: 20) { bar($0) != empty })
        server.press(XK_Return)
        #expect(waitForTitle("\(folder) - Cellscape", server, window))
        // Through the input method: a dead key composes "é"; a CJK character types as itself.
        server.press(XK_slash)
        server.type("#caf")
        server.press(code: 250)
        server.press(XK_e)
        server.press(XK_Return)
        #expect(waitForTitle("#café on mastodon.example - Cellscape", server, window))
        #expect(requests().contains("/api/v1/timelines/tag/caf%C3%A9?"), "\(requests())")
        server.press(XK_slash)
        server.type("#")
        server.press(code: 251)
        server.press(XK_Return)
        #expect(waitForTitle("#猫 on mastodon.example - Cellscape", server, window))
        #expect(requests().contains("/api/v1/timelines/tag/%E7%8C%AB?"))
        // A query that cannot open leaves the view as it was.
        server.press(XK_slash)
        server.type("/nowhere/at/all")
        server.press(XK_Return)
        #expect(title(server, window) == "#猫 on mastodon.example - Cellscape")
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 10) == 0)
        let history = try String(contentsOfFile: root + "/state/cellscape/history", encoding: .utf8)
        #expect(
            history == "cats\n#dogs\n\(folder)\n\(folder)/picture1.png\n#café\n#猫\n",
            "the queries opened, none that failed")
        let mode = try FileManager.default.attributesOfItem(atPath: root + "/state/cellscape/history")[
            .posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
    }
}

/// A session that types queries records what was typed and opened, and replays to the same state:
/// headless, and in a window, the feed read again from the cache of downloads alone.
@Suite(.serialized, .needsXvfb)
struct QueryLineSessionTests {
    @Test func aSessionOfQueriesReplaysToTheSameState() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-queries-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try PictureEndToEndTests.folder(count: 30)
        let second = try PictureEndToEndTests.folder(count: 5)
        defer { for folder in [first, second] { try? FileManager.default.removeItem(atPath: folder) } }
        let (feeds, base) = try QueryLineEndToEndTests.feedServer(log: root + "/requests")
        defer { feeds.stop() }
        // The Mastodon instance for hashtags from the configuration: the viewer starts on a folder.
        try FileManager.default.createDirectory(atPath: root + "/config/cellscape", withIntermediateDirectories: true)
        try Data("# where #tags go\ninstance = mastodon.example\n".utf8).write(
            to: URL(fileURLWithPath: root + "/config/cellscape/config"))
        let environment = [
            "XDG_STATE_HOME": root + "/state", "XDG_CACHE_HOME": root + "/cache", "XDG_CONFIG_HOME": root + "/config",
        ]
        let (session, live, replayed) = (root + "/session.jsonl", root + "/live.json", root + "/replayed.json")
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(
            [first, "--api-base", base, "--no-disk-cache", "--record", session, "--state-on-exit", live, "--private"],
            environment: environment)
        let title = {
            String(decoding: server.property(window, "_NET_WM_NAME", type: "UTF8_STRING").bytes, as: UTF8.self)
        }
        #expect(XvfbServer.waitUntil(within: 20) { title() == "\(first) - Cellscape" })
        server.press(XK_Next)
        server.press(XK_Next)
        server.press(XK_slash)
        server.type(second)
        server.press(XK_Return)
        #expect(XvfbServer.waitUntil(within: 20) { title() == "\(second) - Cellscape" })
        server.chord(XK_l, control: true)
        server.type("#dogs")
        server.press(XK_Return)
        #expect(XvfbServer.waitUntil(within: 20) { title() == "#dogs on mastodon.example - Cellscape" })
        // Back with the mouse's back button (8), then with Alt+Left.
        server.click(x: 640, y: 400, button: 8)
        #expect(XvfbServer.waitUntil(within: 20) { title() == "\(second) - Cellscape" })
        server.chord(XK_Left, alt: true)
        #expect(XvfbServer.waitUntil(within: 20) { title() == "\(first) - Cellscape" })
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 10) == 0)
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(text.contains("\"event\":\"text\"") && text.contains("\"event\":\"source\""))
        #expect(text.contains("\"query\":\"https://mastodon.example/tags/dogs\""))
        #expect(!FileManager.default.fileExists(atPath: root + "/state/cellscape/history"), "--private keeps none")
        feeds.stop()  // the replay reads the cache of downloads alone
        let replay = try ChildProcess(
            ChildProcess.cellscape, ["replay", session, "--state", replayed],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        #expect(replay.waitForExit(within: 60) == 0, "\(replay.errorText)")
        let expected = try String(contentsOfFile: live, encoding: .utf8)
        #expect(
            expected.contains("\"items\":30") && !expected.contains("\"scroll\":0,"), "back where it was: \(expected)")
        #expect(try String(contentsOfFile: replayed, encoding: .utf8) == expected)
        let windowed = root + "/windowed.json"
        let (player, _) = try server.startViewer(
            ["--replay", session, "--state-on-exit", windowed], environment: environment)
        #expect(player.waitForExit(within: 120) == 0)
        #expect(try String(contentsOfFile: windowed, encoding: .utf8) == expected)
    }
}
