import CellscapeLayout
import CellscapeViewer
import Foundation
import Testing

/// `cellscape replay`: a recorded session replays to its state; a tampered one exits 3 naming the frame;
/// files from another version, truncated or corrupt, get one line naming the line and exit status 2.
@Suite struct SessionFileTests {
    /// The lines of a session recorded headless: a click, the waterfall, a wheel turn, with `settings`.
    static func recordedLines(settings: ForceSettings = ForceSettings()) -> [String] {
        var force = ForceScene.Options()
        force.cells = 12
        force.seed = 3
        force.size = Size(width: 640, height: 480)
        force.settings = settings
        let items = GeneratedItems.items(count: 50, seed: 3)
        var waterfall = WaterfallScene.Options()
        waterfall.catalog = items
        waterfall.seed = 3
        waterfall.size = force.size
        let header = SessionHeader(
            force: force, waterfall: waterfall, view: .force,
            items: SessionHeader.Items(source: .generated, count: 50, items: items))
        let driver = ViewerDriver(model: ViewerModel(force: force, waterfall: waterfall))
        var lines: [String] = []
        let recorder = SessionRecorder(header: header, driver: driver) { lines.append($0) }
        for frame in 0..<40 {
            if frame == 0 {
                driver.send(.press(Point(x: 100.5, y: 200.25)))
                driver.send(.release(Point(x: 100.5, y: 200.25)))
            }
            if frame == 30 { driver.send(.key(.switchView)) }
            if frame == 31 { driver.send(.wheel(2)) }
            driver.advance()
        }
        recorder.finish()
        return lines
    }

    @Test func aGoodSessionReplaysHeadless() throws {
        let session = try CommandRunner.temporaryFile(Self.recordedLines().joined(separator: "\n") + "\n")
        let state = session + ".state.json"
        defer { CommandRunner.removeFiles(session, state, state + "2") }
        let first = try CommandRunner.run(["replay", session, "--state", state])
        #expect(first.status == 0, "\(first.error)")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains(#""view":"waterfall""#) && text.contains(#""scroll":200"#))
        let again = try CommandRunner.run(["replay", session, "--state", state + "2"])
        let againText = try String(contentsOfFile: state + "2", encoding: .utf8)
        #expect(again.status == 0 && againText == text)
    }

    @Test func tuningSettingsAreRecordedAndReplayed() throws {
        var settings = ForceSettings()
        settings.momentum = 0.5
        settings.maximumStep = 5
        let session = try CommandRunner.temporaryFile(
            Self.recordedLines(settings: settings).joined(separator: "\n") + "\n")
        defer { CommandRunner.removeFiles(session, session + ".out") }
        let outcome = try CommandRunner.run(["replay", session, "--state", session + ".out"])
        #expect(outcome.status == 0, "\(outcome.error)")
    }

    @Test func aDivergentReplaySaysWhereAndExitsThree() throws {
        var lines = Self.recordedLines()
        // The wheel turn at frame 31 is recorded as leaving another state.
        let wheel = lines.firstIndex { $0.contains(#""event":"wheel""#) }!
        lines[wheel] = lines[wheel].replacingOccurrences(
            of: #""digest":"[0-9a-f]{16}""#, with: #""digest":"0123456789abcdef""#, options: .regularExpression)
        let session = try CommandRunner.temporaryFile(lines.joined(separator: "\n") + "\n")
        defer { CommandRunner.removeFiles(session, session + ".out") }
        let outcome = try CommandRunner.run(["replay", session, "--state", session + ".out"])
        #expect(outcome.status == 3)
        #expect(outcome.error.split(separator: "\n").count == 1)
        #expect(outcome.error.contains("diverged at frame 31"), "\(outcome.error)")
    }

    static let broken: [(text: String, mention: String)] = {
        let header = recordedLines()[0]
        let press = #"{"frame":0,"event":"press","x":1.0"#
        let jump = #"{"frame":0,"event":"jump","digest":"0000000000000000"}"#
        let late = #"{"frame":5,"event":"wheel","notches":1,"digest":"0000000000000000"}"#
        let early = #"{"frame":2,"event":"wheel","notches":1,"digest":"0000000000000000"}"#
        let pointless = #"{"frame":0,"event":"press","digest":"0000000000000000"}"#
        let end = #"{"end":3,"digest":"0000000000000000"}"#
        let after = #"{"frame":4,"event":"wheel","notches":1,"digest":"0000000000000000"}"#
        let old = #"{"cellscape":"session","format":1,"version":"0.4.0"}"#
        return [
            ("", "line 1: empty file"),
            (old, "line 1: recorded by Cellscape 0.4.0 in format 1"),
            (header, "no end line; the file is truncated"),
            (header + "\n" + press, "line 2: not valid JSON"),
            (header + "\n" + jump, "line 2: event: unknown event 'jump'"),
            (header + "\n" + late + "\n" + early, "line 3: frame 2 comes before"),
            (header + "\n" + pointless, #"line 2: missing "x""#),
            (header + "\n" + end + "\n" + after, "line 3: text after the end line"),
        ]
    }()

    @Test(arguments: 0..<8)
    func badSessionsAreNamedByLine(case number: Int) throws {
        let (text, mention) = Self.broken[number]
        let session = try CommandRunner.temporaryFile(text)
        defer { CommandRunner.removeFiles(session, session + ".out") }
        let outcome = try CommandRunner.run(["replay", session, "--state", session + ".out"])
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").count == 1)
        #expect(outcome.error.contains(mention), "\(outcome.error)")
    }
}
