import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// Recording a scripted session headless and replaying it gives the same state, bit for bit.
@Suite struct SessionTests {
    static let header = RecordedSession.Header(
        version: "test", seed: 9, size: Size(width: 800, height: 600), cells: 40, view: .force, integrator: .damped,
        theta: 0.6, collisions: true, items: "count:300")

    static func model() -> ViewerModel {
        var force = ForceScene.Options()
        force.cells = header.cells
        force.seed = header.seed
        force.size = header.size
        var waterfall = WaterfallScene.Options()
        waterfall.catalog = GeneratedItems.items(count: 300, seed: header.seed)
        waterfall.seed = header.seed
        waterfall.size = header.size
        return ViewerModel(force: force, waterfall: waterfall, view: header.view)
    }

    @Test func aScriptedSessionReplaysExactly() {
        let bus = EventBus()
        var live = Self.model()
        let subscriptions = bus.subscribeToInput { live.handle($0) }
        var lines: [String] = []
        let recorder = SessionRecorder(header: Self.header, bus: bus) { lines.append($0) }
        var recorded: [(frame: Int, command: ViewerCommand)] = []
        let log = bus.subscribeToInput { recorded.append((recorder.frame, $0)) }
        // A script: clicks, a drag, a removal, a resize, the waterfall and back, keys, between frames.
        let script: [Int: [ViewerCommand]] = [
            0: [.press(Point(x: 100.25, y: 80.5)), .release(Point(x: 100.25, y: 80.5))],
            5: [.press(Point(x: 400, y: 300)), .drag(Point(x: 420.5, y: 310))],
            9: [.drag(Point(x: 500, y: 350)), .release(Point(x: 500, y: 350))],
            14: [.remove(Point(x: 400, y: 300)), .resize(Size(width: 700, height: 640))],
            20: [.key(.switchView), .wheel(3), .press(Point(x: 50, y: 50)), .drag(Point(x: 50, y: 10))],
            21: [.release(Point(x: 50, y: 10)), .key(.switchView), .key(.addCells)],
            40: [.key(.togglePause)],
            44: [.key(.togglePause), .key(.removeCells)],
        ]
        for frame in 0..<120 {
            for command in script[frame] ?? [] { bus.send(command.event) }
            live.advance()
            recorder.frame = frame + 1
        }
        bus.send(ViewerCommand.key(.quit).event)
        recorder.finish()
        withExtendedLifetime((subscriptions, log)) {}
        #expect(lines.count == 1 + recorded.count + 1)
        #expect(lines.first == Self.header.line && lines.last == RecordedSession.endLine(frames: 120))
        #expect(lines[1] == RecordedSession.line(frame: 0, command: .press(Point(x: 100.25, y: 80.5))))
        var replayed = Self.model()
        RecordedSession(header: Self.header, events: recorded, frames: 120).replay(on: &replayed)
        #expect(replayed.stateJSON == live.stateJSON)
        #expect(replayed.wantsQuit && live.force.layout.count == 40 + 1 + 100 - 1 - 100 + 1)
    }
}
