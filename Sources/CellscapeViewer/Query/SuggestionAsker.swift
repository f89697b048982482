import CellscapePictures

#if canImport(Glibc)
    import Glibc
#endif

/// Asks for a server's suggestions once typing pauses: at most one ask a pause, the one under way
/// cancelled when typing goes on or the line closes, its answer taken by the main loop (woken through
/// ``descriptor``), never waited for.
final class SuggestionAsker {
    /// How long typing must pause before an ask.
    static let pause: UInt64 = 250_000_000

    /// The text to ask for, and when.
    private var due: (typed: String, at: UInt64)?
    /// The ask under way: its text and what cancels it.
    private var asked: (typed: String, cancel: @Sendable () -> Void)?
    private let arrived = Guarded<(typed: String, words: [String])?>(nil)
    private let wake = WakePipe.make()
    /// How many asks were made (a test counts them).
    private(set) var asks = 0

    deinit {
        asked?.cancel()
        close(wake.read)
        close(wake.write)
    }

    /// The end the loop polls: readable once an answer came.
    var descriptor: Int32 { wake.read }

    /// When the next ask is due, if one waits.
    var deadline: UInt64? { due?.at }

    /// The line now says `typed` (at `now`): the ask waits for a pause; one under way is cancelled.
    func typed(_ typed: String, now: UInt64) {
        cancel()
        due = (typed, now + Self.pause)
    }

    /// The line closed: nothing is asked, and an ask under way is cancelled.
    func cancel() {
        asked?.cancel()
        asked = nil
        due = nil
    }

    /// Asks `opener` when the pause has passed at `now`.
    func askIfDue(now: UInt64, opener: (any SourceOpener)?) {
        guard let due, now >= due.at else { return }
        self.due = nil
        let (arrived, write, typed) = (self.arrived, wake.write, due.typed)
        let cancel = opener?.askSuggestions(for: typed) { words in
            arrived.withLock { $0 = (typed, words) }
            var byte: UInt8 = 1
            _ = Glibc.write(write, &byte, 1)
        }
        guard let cancel else { return }
        asks += 1
        asked = (typed, cancel)
    }

    /// The answer that came since the last call, if any: the text it answers and its words.
    func take() -> (typed: String, words: [String])? {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &bytes, bytes.count) > 0 {}
        guard
            let answer = arrived.withLock({ answer in
                defer { answer = nil }
                return answer
            })
        else { return nil }
        if asked?.typed == answer.typed { asked = nil }
        return answer
    }
}
