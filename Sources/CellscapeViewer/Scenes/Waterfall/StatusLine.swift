/// A message the window says in its bar (four pictures moved to the trash, the key-handler missing):
/// launched from a menu, the viewer's standard error is nowhere. It shows for a few seconds, then
/// fades out.
public struct StatusLine: Sendable, Equatable {
    /// What it says, one line.
    public let text: String
    /// When it was said (monotonic nanoseconds).
    public let since: UInt64

    /// How long it shows whole, and how long it then takes to fade out.
    static let shown: UInt64 = 4_000_000_000
    static let fading: UInt64 = 500_000_000

    /// A status saying `text` from `since`.
    public init(_ text: String, since: UInt64) {
        self.text = text
        self.since = since
    }

    /// How much of it shows at `now`: 1 while whole, down to 0 over the fade; 0 once gone.
    public func opacity(at now: UInt64) -> Double {
        let age = now >= since ? now - since : 0
        guard age > Self.shown else { return 1 }
        return max(0, 1 - Double(age - Self.shown) / Double(Self.fading))
    }

    /// When the frame must be drawn again for it: the start of the fade, then none (the fade moves
    /// frame by frame, as an animation does).
    public func deadline(at now: UInt64) -> UInt64? {
        now < since + Self.shown ? since + Self.shown : nil
    }

    /// Whether it is fading out at `now` (or has faded, to be taken away): drawn anew each frame.
    public func isFading(at now: UInt64) -> Bool { now >= since + Self.shown }
}
