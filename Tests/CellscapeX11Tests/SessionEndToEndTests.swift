import CX11
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A session recorded through XTest clicks and a resize replays, headless, to the same final state.
@Suite(.serialized, .needsXvfb)
struct SessionEndToEndTests {
    /// Waits until the session file at `path` holds `text` at least `count` times (the viewer writes
    /// each input as it takes it); false after 10 seconds.
    static func recorded(_ path: String, _ text: String, count: Int) -> Bool {
        XvfbServer.waitUntil(within: 10) {
            let written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return written.components(separatedBy: text).count > count
        }
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID().uuidString)-\(name)").path
    }

    @Test func aRecordedSessionReplaysToTheSameState() throws {
        let session = Self.temporaryPath("session.jsonl")
        let live = Self.temporaryPath("live.json")
        let replayed = Self.temporaryPath("replayed.json")
        defer { for path in [session, live, replayed] { try? FileManager.default.removeItem(atPath: path) } }
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer([
            "--cells", "30", "--seed", "5", "--record", session, "--state-on-exit", live,
        ])
        server.click(x: 200, y: 150)
        #expect(Self.recorded(session, "\"event\":\"release\"", count: 1))
        server.click(x: 900, y: 600)
        server.click(x: 640, y: 400, button: 3)
        #expect(Self.recorded(session, "\"event\":\"remove\"", count: 1))
        XResizeWindow(server.display, window, 900, 700)
        XFlush(server.display)
        #expect(Self.recorded(session, "\"event\":\"resize\"", count: 1))
        server.press(XK_Tab)
        server.click(x: 450, y: 350, button: 5)
        server.press(XK_Tab)
        #expect(Self.recorded(session, "\"event\":\"key\"", count: 2))
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(text.contains("\"event\":\"press\"") && text.contains("\"event\":\"resize\""))
        #expect(text.contains("\"command\":\"quit\"") && text.contains("\"end\":"))
        let replay = try ChildProcess(ChildProcess.cellscape, ["replay", session, "--state", replayed])
        #expect(replay.waitForExit(within: 60) == 0, "\(replay.errorText)")
        let expected = try String(contentsOfFile: live, encoding: .utf8)
        let actual = try String(contentsOfFile: replayed, encoding: .utf8)
        #expect(expected.contains("\"width\":900"))
        #expect(actual == expected)

        // Played in a window, at the same frames, it ends in the same state too.
        let windowed = Self.temporaryPath("windowed.json")
        defer { try? FileManager.default.removeItem(atPath: windowed) }
        // The session ends with the recorded `q`, so the player quits by itself once it has played it all.
        let (player, _) = try server.startViewer(["--replay", session, "--state-on-exit", windowed])
        // Played at the recorded frames' pace, it takes about as long as the recording did: a guard
        // against a hang, not a measure of speed.
        #expect(player.waitForExit(within: 120) == 0)
        #expect(try String(contentsOfFile: windowed, encoding: .utf8) == expected)
    }

    /// A session whose last input comes at its last frame, with nothing moving then, still ends: the
    /// player once drew that frame and slept with the `q` unsent.
    @Test func aSessionEndingAtItsLastFrameEndsInTheWindow() throws {
        let session = Self.temporaryPath("last-frame.jsonl")
        defer { try? FileManager.default.removeItem(atPath: session) }
        let server = try XvfbServer()
        // A header as the viewer writes it: that of a session quit at once.
        let (viewer, _) = try server.startViewer(["--cells", "30", "--seed", "5", "--record", session])
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
        let header = try #require(try String(contentsOfFile: session, encoding: .utf8).split(separator: "\n").first)
        let digest = "\"digest\":\"0000000000000000\""
        let lines = [
            String(header),
            "{\"command\":\"switchView\",\(digest),\"event\":\"key\",\"frame\":1}",
            "{\"command\":\"quit\",\(digest),\"event\":\"key\",\"frame\":2}",
            "{\(digest),\"end\":2}",
        ]
        try lines.joined(separator: "\n").appending("\n").write(toFile: session, atomically: true, encoding: .utf8)
        let (player, _) = try server.startViewer(["--replay", session])
        // A guard against a hang, not a measure of speed: the two frames take well under a second.
        #expect(player.waitForExit(within: 60) == 0)
    }

    @Test func theXServerDyingEndsTheViewerAndItsSessionWhole() throws {
        let session = Self.temporaryPath("lost.jsonl")
        let state = Self.temporaryPath("lost-state.json")
        defer { for path in [session, state] { try? FileManager.default.removeItem(atPath: path) } }
        let server = try XvfbServer()
        let (viewer, _) = try server.startViewer(["--cells", "20", "--seed", "3", "--record", session])
        server.click(x: 200, y: 150)
        #expect(Self.recorded(session, "\"event\":\"release\"", count: 1))
        server.click(x: 700, y: 500)
        #expect(Self.recorded(session, "\"event\":\"release\"", count: 2))
        server.killServer()
        // A guard against a hang, not a measure of speed.
        let status = viewer.waitForExit(within: 60)
        #expect(status == 1)
        #expect(viewer.errorText == "cellscape: lost the connection to the X server\n")
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(text.components(separatedBy: "\"event\":\"press\"").count == 3 && text.contains("\"end\":"))
        let replay = try ChildProcess(ChildProcess.cellscape, ["replay", session, "--state", state])
        #expect(replay.waitForExit(within: 60) == 0, "\(replay.errorText)")
    }

    @Test(.notUnderThreadSanitizer) func aRecordingThatRunsOutOfRoomIsSaidOnceAndTheViewerGoesOn() throws {
        let session = Self.temporaryPath("full.jsonl")
        defer { try? FileManager.default.removeItem(atPath: session) }
        let server = try XvfbServer()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.name
        // A file size limit of 1 KB: the header fits, the inputs after it do not, as on a full disk.
        let viewer = try ChildProcess(
            "/bin/sh",
            [
                "-c", "ulimit -f 1 && exec \"$0\" \"$@\"", ChildProcess.cellscape, "--cells", "10", "--record", session,
                "--print-ready",
            ],
            environment: environment)
        #expect(viewer.readLine(within: 10)?.hasPrefix("ready window=0x") == true)
        for x in stride(from: 100, to: 1100, by: 100) { server.click(x: Int32(x), y: 300) }
        let said = viewer.readLine(within: 10, fromStandardError: true)
        #expect(said?.hasSuffix("File too large; stopped recording") == true, "\(said ?? "nothing")")
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 1)
        #expect(viewer.errorText.isEmpty, "said once: \(viewer.errorText)")
    }
}
