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

    /// Says `text` from `now`, in place of what was said.
    mutating func say(_ text: String, now: UInt64) {
        status = StatusLine(text, since: now)
        prepare(now: now)
    }

    /// Whether the status is fading out at `now` (or faded, and one more frame takes it away).
    func isFading(at now: UInt64) -> Bool { status?.isFading(at: now) ?? false }

    /// When the status must be drawn again (its fade starts), if it shows.
    func deadline(at now: UInt64) -> UInt64? { status?.deadline(at: now) }

    /// Works out how much of the status shows at `now` (the step before drawing); it goes once faded.
    mutating func prepare(now: UInt64) {
        guard let status else { return }
        opacity = status.opacity(at: now)
        if opacity == 0 { self.status = nil }
    }
}
