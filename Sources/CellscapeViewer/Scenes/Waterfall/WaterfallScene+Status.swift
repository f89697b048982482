import CellscapeLayout

extension WaterfallScene {
    /// What the bar says for a few seconds, if anything.
    public var status: StatusLine? { messages.status }

    /// Whether the next key goes to the key-handler (its prefix `x` was pressed).
    public var awaitsHandlerKey: Bool { messages.awaitsHandlerKey }

    /// Says `text` in the bar from `now`, in place of what it said.
    public mutating func say(_ text: String, now: UInt64) { messages.say(text, now: now) }

}
