import CellscapeLayout

/// What the bar says besides the picture: a status for a few seconds (see ``StatusLine``) and, after
/// the key-handler's prefix, that the next key goes to it.
struct BarMessages {
    var status: StatusLine?
    /// How much of the status shows at the frame prepared.
    var opacity = 1.0
    /// Whether the key-handler's prefix (`x`) was pressed: the next key goes to the handler.
    var awaitsHandlerKey = false

    /// Notes whether `command` is the key-handler's prefix, or the key after it.
    mutating func note(_ command: ViewerCommand) {
        switch command {
        case .key(let key): awaitsHandlerKey = key == .keyHandlerPrefix
        case .handlerKey: awaitsHandlerKey = false
        default: break
        }
    }
}

extension WaterfallScene {
    /// What the bar says for a few seconds, if anything.
    public var status: StatusLine? { messages.status }

    /// Whether the next key goes to the key-handler (its prefix `x` was pressed).
    public var awaitsHandlerKey: Bool { messages.awaitsHandlerKey }

    /// Says `text` in the bar from `now`, in place of what it said.
    public mutating func say(_ text: String, now: UInt64) {
        messages.status = StatusLine(text, since: now)
        prepareStatus(now: now)
    }

    /// Works out how much of the status shows at `now` (the step before drawing); it goes once faded.
    mutating func prepareStatus(now: UInt64) {
        guard let status = messages.status else { return }
        messages.opacity = status.opacity(at: now)
        if messages.opacity == 0 { messages.status = nil }
    }

    /// Whether the status is fading out (or faded, and one more frame takes it away).
    var statusMoves: Bool { messages.status.map { $0.isFading(at: monotonicNanoseconds()) } ?? false }

    /// When the status must be drawn again (its fade starts), if it shows.
    var statusDeadline: UInt64? { messages.status?.deadline(at: monotonicNanoseconds()) }
}
