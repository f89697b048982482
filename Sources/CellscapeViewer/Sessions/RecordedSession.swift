import CellscapeLayout
import CellscapeRender

/// A recorded session: what decides the outcome (the header) and every input event with the frame before
/// which it was applied. Replaying it gives the same state, bit for bit.
public struct RecordedSession: Sendable {
    /// The format of session files this version writes and reads.
    public static let format = 1

    /// Everything that decides the outcome besides the events.
    public struct Header: Hashable, Sendable {
        /// The program version that recorded it.
        public var version: String
        /// The seed of the force view and of generated waterfall items.
        public var seed: UInt64
        /// The window size at the start.
        public var size: Size
        /// The cells at the start.
        public var cells: Int
        /// The view at the start.
        public var view: ViewerModel.View
        /// The simulation's integrator, opening angle and collisions.
        public var integrator: Integrator
        public var theta: Double
        public var collisions: Bool
        /// Where the waterfall's items came from: `bundled`, `count:N` or `file:PATH`.
        public var items: String

        /// Creates a header.
        public init(
            version: String, seed: UInt64, size: Size, cells: Int, view: ViewerModel.View, integrator: Integrator,
            theta: Double, collisions: Bool, items: String
        ) {
            self.version = version
            self.seed = seed
            self.size = size
            self.cells = cells
            self.view = view
            self.integrator = integrator
            self.theta = theta
            self.collisions = collisions
            self.items = items
        }

        /// The header as the first line of a session file.
        public var line: String {
            "{\"cellscape\":\"session\",\"format\":\(RecordedSession.format),\"version\":\"\(version)\","
                + "\"seed\":\(seed),\"width\":\(size.width),\"height\":\(size.height),\"cells\":\(cells),"
                + "\"view\":\"\(view.rawValue)\",\"integrator\":\"\(integrator.rawValue)\",\"theta\":\(theta),"
                + "\"collisions\":\(collisions),\"items\":\(jsonString(items))}"
        }
    }

    /// The header.
    public var header: Header
    /// The events in order, each with the number of frames drawn before it was applied.
    public var events: [(frame: Int, command: ViewerCommand)]
    /// How many frames the session drew.
    public var frames: Int

    /// Creates a session.
    public init(header: Header, events: [(frame: Int, command: ViewerCommand)], frames: Int) {
        self.header = header
        self.events = events
        self.frames = frames
    }

    /// Plays the session on `model` headless: before frame f the events of frame f, then one frame
    /// (``ViewerModel/advance()``), and after the last frame the events that came after it.
    public func replay(on model: inout ViewerModel) {
        var next = 0
        for frame in 0...frames {
            while next < events.count && events[next].frame <= frame {
                model.handle(events[next].command)
                next += 1
            }
            if frame < frames { model.advance() }
        }
    }

    /// One event as a line of a session file.
    public static func line(frame: Int, command: ViewerCommand) -> String {
        let body: String
        switch command {
        case .press(let point): body = "\"event\":\"press\",\"x\":\(point.x),\"y\":\(point.y)"
        case .drag(let point): body = "\"event\":\"drag\",\"x\":\(point.x),\"y\":\(point.y)"
        case .release(let point): body = "\"event\":\"release\",\"x\":\(point.x),\"y\":\(point.y)"
        case .remove(let point): body = "\"event\":\"remove\",\"x\":\(point.x),\"y\":\(point.y)"
        case .wheel(let notches): body = "\"event\":\"wheel\",\"notches\":\(notches)"
        case .resize(let size): body = "\"event\":\"resize\",\"width\":\(size.width),\"height\":\(size.height)"
        case .key(let key): body = "\"event\":\"key\",\"command\":\"\(key.rawValue)\""
        }
        return "{\"frame\":\(frame),\(body)}"
    }

    /// The last line of a session file.
    public static func endLine(frames: Int) -> String { "{\"end\":\(frames)}" }
}

/// Writes a session as it happens: subscribed to every input event on the bus, it writes one line per event
/// with the current frame number, which the main loop advances.
public final class SessionRecorder {
    /// Frames drawn so far; the main loop adds one per frame.
    public var frame = 0
    private let write: (String) -> Void
    private var subscriptions: [EventSubscription] = []

    /// Starts a session: writes the header now, then a line per event sent on `bus`.
    public init(header: RecordedSession.Header, bus: EventBus, write: @escaping (String) -> Void) {
        self.write = write
        write(header.line)
        subscriptions = bus.subscribeToInput { [unowned self] command in
            self.write(RecordedSession.line(frame: self.frame, command: command))
        }
    }

    /// Ends the session with the number of frames drawn.
    public func finish() {
        subscriptions.removeAll()
        write(RecordedSession.endLine(frames: frame))
    }
}

/// A string as a JSON string literal.
func jsonString(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        default:
            if scalar.value < 0x20 {
                escaped += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
    }
    return escaped + "\""
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
