import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// Recording a scripted session headless and replaying it gives the same state, bit for bit; a replay
/// that goes another way says where.
@Suite struct SessionTests {
    static let items = GeneratedItems.items(count: 300, seed: 9)

    static var header: SessionHeader {
        var force = ForceScene.Options()
        force.cells = 40
        force.seed = 9
        force.size = Size(width: 800, height: 600)
        force.settings.repulsion = .barnesHut(theta: 0.6)
        force.settings.momentum = 0.5
        force.settings.maximumStep = 5
        var waterfall = WaterfallScene.Options()
        waterfall.configuration.columnSpacing = 12
        return SessionHeader(
            force: force, waterfall: waterfall, view: .force,
            items: SessionHeader.Items(source: .generated, count: 300, items: items))
    }

    static func driver(_ header: SessionHeader) -> ViewerDriver {
        let (force, waterfall) = header.options(catalog: items)
        return ViewerDriver(model: ViewerModel(force: force, waterfall: waterfall, view: header.view))
    }

    /// A script: clicks, a drag, a removal, a resize, the waterfall and back, keys, between frames.
    static let script: [Int: [ViewerCommand]] = [
        0: [.press(Point(x: 100.25, y: 80.5)), .release(Point(x: 100.25, y: 80.5))],
        5: [.press(Point(x: 400, y: 300)), .drag(Point(x: 420.5, y: 310))],
        9: [.drag(Point(x: 500, y: 350)), .release(Point(x: 500, y: 350))],
        14: [.remove(Point(x: 400, y: 300)), .resize(Size(width: 700, height: 640))],
        20: [.key(.switchView), .wheel(3), .press(Point(x: 50, y: 50)), .drag(Point(x: 50, y: 10))],
        21: [.release(Point(x: 50, y: 10)), .key(.switchView), .key(.addCells)],
        40: [.key(.togglePause)],
        44: [.key(.togglePause), .key(.removeCells), .key(.end)],
    ]

    /// Records the script into lines of a session file; returns them and the final state.
    static func record() -> (lines: [String], state: ViewerState) {
        let live = driver(header)
        var lines: [String] = []
        let recorder = SessionRecorder(header: header, driver: live) { lines.append($0) }
        for frame in 0..<120 {
            for command in script[frame] ?? [] { live.send(command) }
            live.advance()
        }
        live.send(.key(.quit))
        recorder.finish()
        return (lines, ViewerState(of: live.model))
    }

    @Test func aScriptedSessionReplaysExactly() throws {
        let (lines, state) = Self.record()
        let inputs = Self.script.values.reduce(0) { $0 + $1.count } + 1
        #expect(lines.count == 1 + inputs + 1)
        let session = try RecordedSession.parse(lines.joined(separator: "\n"))
        #expect(session.header == Self.header)
        #expect(session.inputs.first?.command == .press(Point(x: 100.25, y: 80.5)))
        #expect(session.end.end == 120)
        let replayed = Self.driver(session.header)
        #expect(session.replay(on: replayed) == .same)
        #expect(ViewerState(of: replayed.model) == state)
        #expect(replayed.model.wantsQuit && state.cells.count == 40 + 1 + 100 - 1 - 100 + 1)
    }

    @Test func theHeaderCarriesEveryTuningSetting() throws {
        let (lines, state) = Self.record()
        let session = try RecordedSession.parse(lines.joined(separator: "\n"))
        #expect(session.header.settings.momentum == 0.5 && session.header.settings.maximumStep == 5)
        #expect(session.header.waterfall.columnSpacing == 12)
        // Replayed with the default settings instead, the first input after a step already differs.
        var other = session.header
        other.settings = ForceSettings()
        let replayed = Self.driver(other)
        #expect(session.replay(on: replayed) == .diverged(frame: 5))
        #expect(ViewerState(of: replayed.model) != state)
    }

    @Test func aChangedEndIsReported() throws {
        var (lines, _) = Self.record()
        lines[lines.count - 1] = RecordedSession.line(RecordedSession.End(end: 120, digest: StateDigest()))
        let session = try RecordedSession.parse(lines.joined(separator: "\n"))
        #expect(session.replay(on: Self.driver(session.header)) == .endDiffers)
    }

    @Test func inputsAreWrittenFlat() {
        let line = RecordedSession.line(
            RecordedSession.Input(frame: 3, command: .wheel(-2), digest: StateDigest(hex: "00000000000000ff")!))
        #expect(line.contains(#""frame":3"#) && line.contains(#""event":"wheel""#))
        #expect(line.contains(#""notches":-2"#) && line.contains(#""digest":"00000000000000ff""#))
    }
}
