import CellscapeLayout

extension WaterfallScene {
    /// What the bar says for a few seconds, if anything.
    public var status: StatusLine? { messages.status }

    /// Whether the next key goes to the key-handler (its prefix `x` was pressed).
    public var awaitsHandlerKey: Bool { messages.awaitsHandlerKey }

    /// Says `text` in the bar from `now`, in place of what it said.
    public mutating func say(_ text: String, now: UInt64) { messages.say(text, now: now) }

    /// Works out how much of the status shows at `now` (the step before drawing).
    mutating func prepareStatus(now: UInt64) { messages.prepare(now: now) }

    /// Whether the status is fading out (or faded, and one more frame takes it away).
    var statusMoves: Bool { messages.status.map { $0.isFading(at: monotonicNanoseconds()) } ?? false }

    /// When the status must be drawn again (its fade starts), if it shows.
    var statusDeadline: UInt64? { messages.status?.deadline(at: monotonicNanoseconds()) }
}
