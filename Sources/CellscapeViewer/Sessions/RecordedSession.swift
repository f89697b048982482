import CellscapeLayout
import Foundation

/// A session file, the one owner of its format: a header line (``SessionHeader``), a line per input
/// (`{"frame":F,"event":...,"digest":D}`: the input, the frame before which it came, and the digest of
/// the state right after it), and an end line (`{"end":F,"digest":D}`: the frames drawn and the digest
/// of the final state). JSON Lines, written as the session goes, so a crash loses nothing written.
public struct RecordedSession: Sendable {
    /// The format of session files this version writes and reads.
    public static let format = 2

    /// One input of the session.
    public struct Input: Codable, Hashable, Sendable {
        /// The number of frames drawn before it came.
        public var frame: Int
        /// What the user asked.
        public var command: ViewerCommand
        /// The digest of the state right after it was applied.
        public var digest: StateDigest

        private enum CodingKeys: String, CodingKey { case frame, digest }

        /// An input that came after `frame` frames and left the state with `digest`.
        public init(frame: Int, command: ViewerCommand, digest: StateDigest) {
            self.frame = frame
            self.command = command
            self.digest = digest
        }

        /// Reads the flat line: the frame and the digest beside the command's own fields.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            frame = try fields.decode(Int.self, forKey: .frame)
            digest = try fields.decode(StateDigest.self, forKey: .digest)
            command = try ViewerCommand(from: decoder)
        }

        /// Writes the flat line.
        public func encode(to encoder: any Encoder) throws {
            var fields = encoder.container(keyedBy: CodingKeys.self)
            try fields.encode(frame, forKey: .frame)
            try command.encode(to: encoder)
            try fields.encode(digest, forKey: .digest)
        }
    }

    /// The last line: how many frames the session drew, and the digest of its final state.
    public struct End: Codable, Hashable, Sendable {
        public var end: Int
        public var digest: StateDigest
    }

    /// How a replay went.
    public enum Outcome: Hashable, Sendable {
        /// Every input and the end left the recorded state.
        case same
        /// The state after an input at this frame differs from the recording's.
        case diverged(frame: Int)
        /// Every input matched, but the final state differs.
        case endDiffers
    }

    /// Everything besides the input that decides the outcome.
    public var header: SessionHeader
    /// The inputs in order.
    public var inputs: [Input]
    /// The end.
    public var end: End

    /// A session made of its parts.
    public init(header: SessionHeader, inputs: [Input], end: End) {
        self.header = header
        self.inputs = inputs
        self.end = end
    }

    /// Plays the session through `driver` (started from the header) as the window's scheduler plays it,
    /// without a window or a clock: before frame f the inputs of frame f, then one frame, and after the
    /// last frame the inputs that came after it; checks the state after every input and at the end
    /// against the recording.
    @discardableResult
    public func replay(on driver: ViewerDriver) -> Outcome {
        var outcome = Outcome.same
        let scheduler = FrameScheduler(driver: driver, framesPerSecond: 60, replay: self)
        scheduler.afterReplayedInput = { input in
            if outcome == .same && driver.model.stateDigest != input.digest { outcome = .diverged(frame: input.frame) }
        }
        for frame in 0...end.end {
            scheduler.take([], now: 0)
            if frame < end.end { driver.advance() }
        }
        if outcome == .same && driver.model.stateDigest != end.digest { outcome = .endDiffers }
        return outcome
    }

    /// One value as a line of the file.
    public static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    /// Reads and checks the text of a session file; a problem is a ``SessionError`` naming the line.
    public static func parse(_ text: String) throws(SessionError) -> RecordedSession {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, !first.isEmpty else { throw SessionError(line: 1, "empty file, no header") }
        let header = try readHeader(first)
        var inputs: [Input] = []
        var end: End?
        for (offset, text) in lines.enumerated().dropFirst() where !text.isEmpty {
            let number = offset + 1
            guard end == nil else { throw SessionError(line: number, "text after the end line") }
            if try decode(EndProbe.self, text, line: number).end != nil {
                let last = try decode(End.self, text, line: number)
                guard last.end >= (inputs.last?.frame ?? 0) else { throw SessionError(line: number, "a bad end line") }
                end = last
                continue
            }
            let input = try decode(Input.self, text, line: number)
            guard input.frame >= (inputs.last?.frame ?? 0) else {
                throw SessionError(line: number, "frame \(input.frame) comes before the previous input's")
            }
            inputs.append(input)
        }
        guard let end else { throw SessionError(line: lines.count, "no end line; the file is truncated") }
        return RecordedSession(header: header, inputs: inputs, end: end)
    }

    /// What tells the end line from an input line: its `end` key.
    private struct EndProbe: Decodable {
        var end: Int?
    }

    private static func readHeader(_ text: Substring) throws(SessionError) -> SessionHeader {
        struct Identity: Decodable {
            var cellscape: String?
            var format: Int?
            var version: String?
        }
        let identity = try decode(Identity.self, text, line: 1)
        guard identity.cellscape == "session" else { throw SessionError(line: 1, "not a Cellscape session") }
        guard identity.format == format else {
            throw SessionError(
                line: 1,
                "recorded by Cellscape \(identity.version ?? "unknown") in format "
                    + "\(identity.format.map(String.init) ?? "?"); "
                    + "this is \(CellscapeVersion.current), format \(format)")
        }
        return try decode(SessionHeader.self, text, line: 1)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: Substring, line: Int) throws(SessionError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw SessionError(line: line, JSONProblem.describe(error, data: Data(text.utf8)))
        } catch {
            throw SessionError(line: line, "not a JSON object")
        }
    }
}

/// What is wrong with a session file, and on which line.
public struct SessionError: Error, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The problem.
    public var problem: String

    init(line: Int, _ problem: String) {
        self.line = line
        self.problem = problem
    }

    /// `line N: problem`.
    public var description: String { "line \(line): \(problem)" }
}
