import Foundation
import Testing

/// Session files from another version, truncated or corrupt: one line naming the line, exit status 2.
@Suite struct SessionFileTests {
    static let header =
        #"{"cellscape":"session","format":1,"version":"0.4.0","seed":3,"width":640.0,"height":480.0,"cells":12,"view":"force","integrator":"damped","theta":0.6,"collisions":true,"items":"count:50"}"#

    @Test func aGoodSessionReplaysHeadless() throws {
        let session = try CommandRunner.temporaryFile(
            [
                Self.header, #"{"frame":0,"event":"press","x":100.5,"y":200.25}"#,
                #"{"frame":0,"event":"release","x":100.5,"y":200.25}"#,
                #"{"frame":30,"event":"key","command":"switchView"}"#,
                #"{"frame":31,"event":"wheel","notches":2}"#, #"{"end":40}"#,
            ].joined(separator: "\n") + "\n")
        let state = session + ".state.json"
        defer { CommandRunner.removeFiles(session, state, state + "2") }
        let first = try CommandRunner.run(["replay", session, "--state", state])
        #expect(first.status == 0, "\(first.error)")
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.hasPrefix(#"{"view":"waterfall","width":640.0,"height":480.0"#))
        #expect(text.contains(#""scroll":200.0"#))
        let again = try CommandRunner.run(["replay", session, "--state", state + "2"])
        let againText = try String(contentsOfFile: state + "2", encoding: .utf8)
        #expect(again.status == 0 && againText == text)
    }

    static let broken: [(text: String, mention: String)] = {
        let press = #"{"frame":0,"event":"press","x":1.0"#
        let jump = #"{"frame":0,"event":"jump"}"#
        let late = #"{"frame":5,"event":"wheel","notches":1}"#
        let early = #"{"frame":2,"event":"wheel","notches":1}"#
        let pointless = #"{"frame":0,"event":"press"}"#
        let end = #"{"end":3}"#
        let after = #"{"frame":4,"event":"wheel","notches":1}"#
        let old = #"{"cellscape":"session","format":1,"version":"0.1.0"}"#
        return [
            ("", "line 1: empty file"),
            (old, "line 1: recorded by Cellscape 0.1.0"),
            (header, "line 1: no end line; the file is truncated"),
            (header + "\n" + press, "line 2: not a JSON object"),
            (header + "\n" + jump, "line 2: unknown event jump"),
            (header + "\n" + late + "\n" + early, "line 3: frame 2 comes before"),
            (header + "\n" + pointless, "line 2: the event's fields"),
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
