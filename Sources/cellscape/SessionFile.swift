import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import CellscapeX11
import Foundation

/// Session files: written line by line as the viewer records, read back with every line checked.
enum SessionFile {
    /// The version of Cellscape that writes session files.
    static let version = "0.4.0"

    /// A writer that appends lines to a new file (a line per write, so a crash loses nothing written).
    static func writer(path: String) throws -> (String) -> Void {
        let handle = try OutputFile.appending(to: path)
        return { line in handle.write(Data((line + "\n").utf8)) }
    }

    /// The header describing a session that starts with these options.
    static func header(scene: ForceScene.Options, view: ViewerModel.View, items: String) -> RecordedSession.Header {
        RecordedSession.Header(
            version: version, seed: scene.seed, size: scene.size, cells: scene.cells, view: view,
            integrator: scene.settings.integrator, theta: scene.settings.repulsion.theta,
            collisions: scene.settings.collisions,
            items: items)
    }

    /// Reads and checks a session file; a problem is one line naming the line of the file.
    static func load(path: String) throws -> RecordedSession {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandError("cannot read \(path)") }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, !first.isEmpty else {
            throw CommandError("\(path): line 1: empty file, no header")
        }
        let header = try parseHeader(object(first, line: 1, path: path), path: path)
        var events: [(frame: Int, command: ViewerCommand)] = []
        var frames: Int?
        for (offset, text) in lines.enumerated().dropFirst() where !text.isEmpty {
            let number = offset + 1
            guard frames == nil else { throw CommandError("\(path): line \(number): text after the end line") }
            let fields = try object(text, line: number, path: path)
            if let end = fields["end"] {
                guard let end = end as? Int, end >= (events.last?.frame ?? 0) else {
                    throw CommandError("\(path): line \(number): a bad end line")
                }
                frames = end
                continue
            }
            let event = try parseEvent(fields, line: number, path: path)
            guard event.frame >= (events.last?.frame ?? 0) else {
                throw CommandError("\(path): line \(number): frame \(event.frame) comes before the previous event's")
            }
            events.append(event)
        }
        guard let frames else {
            throw CommandError("\(path): line \(lines.count): no end line; the file is truncated")
        }
        return RecordedSession(header: header, events: events, frames: frames)
    }

    private static func object(_ text: Substring, line: Int, path: String) throws -> [String: Any] {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let fields = value as? [String: Any]
        else { throw CommandError("\(path): line \(line): not a JSON object") }
        return fields
    }

    private static func parseHeader(_ fields: [String: Any], path: String) throws -> RecordedSession.Header {
        func fail(_ problem: String) -> CommandError { CommandError("\(path): line 1: \(problem)") }
        guard fields["cellscape"] as? String == "session" else { throw fail("not a Cellscape session") }
        let format = fields["format"] as? Int
        let version = fields["version"] as? String ?? "unknown"
        guard format == RecordedSession.format, version == Self.version else {
            throw fail(
                "recorded by Cellscape \(version) (format \(format.map(String.init) ?? "?")); this is \(Self.version)")
        }
        guard let seed = (fields["seed"] as? NSNumber)?.uint64Value, let width = fields["width"] as? Double,
            let height = fields["height"] as? Double, width > 0, height > 0, let cells = fields["cells"] as? Int,
            cells >= 0, let view = (fields["view"] as? String).flatMap(ViewerModel.View.init(rawValue:)),
            let integrator = (fields["integrator"] as? String).flatMap(Integrator.init(rawValue:)),
            let theta = fields["theta"] as? Double, let collisions = fields["collisions"] as? Bool,
            let items = fields["items"] as? String
        else { throw fail("a header field is missing or of the wrong type") }
        return RecordedSession.Header(
            version: version, seed: seed, size: Size(width: width, height: height), cells: cells, view: view,
            integrator: integrator, theta: theta, collisions: collisions, items: items)
    }

    private static func parseEvent(_ fields: [String: Any], line: Int, path: String) throws -> (
        frame: Int, command: ViewerCommand
    ) {
        func fail(_ problem: String) -> CommandError { CommandError("\(path): line \(line): \(problem)") }
        guard let frame = fields["frame"] as? Int, frame >= 0 else { throw fail("no frame number") }
        let point = (fields["x"] as? Double).flatMap { x in (fields["y"] as? Double).map { Point(x: x, y: $0) } }
        let command: ViewerCommand?
        switch fields["event"] as? String {
        case "press": command = point.map(ViewerCommand.press)
        case "drag": command = point.map(ViewerCommand.drag)
        case "release": command = point.map(ViewerCommand.release)
        case "remove": command = point.map(ViewerCommand.remove)
        case "wheel": command = (fields["notches"] as? Int).map(ViewerCommand.wheel)
        case "resize":
            command = (fields["width"] as? Double).flatMap { width in
                (fields["height"] as? Double).map { .resize(Size(width: width, height: $0)) }
            }
        case "key": command = (fields["command"] as? String).flatMap(KeyCommand.init(rawValue:)).map(ViewerCommand.key)
        default: throw fail("unknown event \(fields["event"].map { "\($0)" } ?? "(none)")")
        }
        guard let command else { throw fail("the event's fields are missing or of the wrong type") }
        return (frame, command)
    }

    /// The viewer options a session starts with.
    static func options(for header: RecordedSession.Header) throws -> ViewerOptions {
        var options = ViewerOptions()
        options.scene.cells = header.cells
        options.scene.seed = header.seed
        options.scene.size = header.size
        options.scene.settings.integrator = header.integrator
        options.scene.settings.repulsion = RepulsionSummation(theta: header.theta)
        options.scene.settings.collisions = header.collisions
        options.view = header.view
        options.waterfall.seed = header.seed
        options.waterfall.size = header.size
        options.waterfall.catalog = try catalog(header.items, seed: header.seed)
        return options
    }

    /// The items a header names: `bundled`, `count:N` or `file:PATH`.
    static func catalog(_ source: String, seed: UInt64) throws -> [WaterfallItem] {
        if source.hasPrefix("count:"), let count = Int(source.dropFirst(6)), count >= 0 {
            return GeneratedItems.items(count: count, seed: seed)
        }
        if source.hasPrefix("file:") { return try WaterfallCatalog.load(path: String(source.dropFirst(5))) }
        if source == "bundled" { return try WaterfallCatalog.bundled() ?? [] }
        throw CommandError("a session's items must be bundled, count:N or file:PATH, not '\(source)'")
    }
}
