import Foundation

/// Progress of a long command on standard error, so standard output stays machine-readable: on a
/// terminal one line rewritten in place (a counter within each stage), otherwise a plain line per stage
/// of a bench. Headless runs (layout, snapshot, replay) show only the counter: in a script their
/// standard error carries nothing but an error.
final class Progress {
    let isTerminal = isatty(2) == 1
    private var shownLength = 0
    private var lastUpdate: UInt64 = 0

    /// Starts a stage: what is being measured.
    func stage(_ text: String) {
        if isTerminal { show(text) } else { FileHandle.standardError.write(Data("cellscape: \(text)\n".utf8)) }
    }

    /// How far the current stage has come (shown on a terminal, at most ten times a second).
    func update(_ text: String) {
        guard isTerminal else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastUpdate > 100_000_000 else { return }
        lastUpdate = now
        show(text)
    }

    /// Clears the line on a terminal, before the results are printed.
    func finish() {
        guard isTerminal, shownLength > 0 else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: shownLength) + "\r").utf8))
        shownLength = 0
    }

    private func show(_ text: String) {
        let line = "cellscape: " + text
        let padding = String(repeating: " ", count: max(0, shownLength - line.count))
        FileHandle.standardError.write(Data(("\r" + line + padding).utf8))
        shownLength = line.count
    }
}
