import CCurl
import CellscapePictures
import Foundation

/// The transport's thread: takes what other threads handed in, lets libcurl move every transfer,
/// hands each ended one to its callback, and sleeps in `curl_multi_poll` until a socket, a timer of
/// curl's, a silence limit or a wake-up needs it. Everything here is this thread's alone.
final class TransferLoop {
    /// What the loop shares with the threads that hand it work.
    struct Shared: Sendable {
        let multi: MultiHandle
        let inbox: Guarded<HTTPTransfers.Inbox>
        /// How many transfers run, for those who ask (a test counts none after a close).
        let running: GuardedCondition<Int>
        let limits: HTTPTransfers.Limits
    }

    private let shared: Shared
    private var running: [TransferID: Transfer] = [:]
    private let clock = ContinuousClock()

    init(_ shared: Shared) { self.shared = shared }

    /// Runs until stopped; every transfer still running then ends as cancelled.
    func run() {
        while true {
            let (starts, cancels, stopping) = shared.inbox.withLock { inbox in
                defer {
                    inbox.starts = []
                    inbox.cancels = []
                }
                return (inbox.starts, inbox.cancels, inbox.stopping)
            }
            for start in starts { begin(start.id, start.request, done: start.done) }
            for id in cancels { end(id, .failure(.cancelled)) }
            if stopping {
                for id in Array(running.keys) { end(id, .failure(.cancelled)) }
                // A start handed in while the last ones ended is refused as well.
                let late = shared.inbox.withLock { inbox in
                    defer { inbox.starts = [] }
                    return inbox.starts
                }
                for start in late { start.done(.failure(.cancelled)) }
                return
            }
            var active: Int32 = 0
            _ = cellscape_curl_multi_perform(shared.multi.pointer, &active)
            // A transfer that ended gave its connection back: one waiting for a connection to the host
            // starts in the next perform (libcurl's timeout would not say so, and the poll would sleep).
            while takeEnded() { _ = cellscape_curl_multi_perform(shared.multi.pointer, &active) }
            let wait = endSilent()
            _ = cellscape_curl_multi_poll(shared.multi.pointer, nil, 0, wait, nil)
        }
    }

    /// Sets up transfer `id` and hands it to libcurl; one that cannot be set up ends at once.
    private func begin(_ id: TransferID, _ request: TransferRequest, done: @escaping @Sendable (TransferResult) -> Void)
    {
        guard let transfer = Transfer(request, limits: shared.limits, now: clock.now, done: done) else {
            return done(.failure(.other))
        }
        guard cellscape_curl_multi_add_handle(shared.multi.pointer, transfer.easy) == CURLM_OK else {
            transfer.close()
            return done(.failure(.other))
        }
        running[id] = transfer
        shared.running.withLock(waking: .all) { $0 = running.count }
    }

    /// Ends transfer `id` with `result`: its handle leaves libcurl, then its callback hears.
    private func end(_ id: TransferID, _ result: TransferResult) {
        guard let transfer = running.removeValue(forKey: id) else { return }
        _ = cellscape_curl_multi_remove_handle(shared.multi.pointer, transfer.easy)
        transfer.close()
        shared.running.withLock(waking: .all) { $0 = running.count }
        transfer.done(result)
    }

    /// Hands the transfers libcurl has finished to their callbacks; whether there were any.
    private func takeEnded() -> Bool {
        var ended = false
        var left: Int32 = 0
        while let message = cellscape_curl_multi_info_read(shared.multi.pointer, &left) {
            var code = CURLE_OK
            guard let easy = cellscape_curl_done(message, &code),
                let id = running.first(where: { $0.value.easy == easy })?.key,
                let transfer = running[id]
            else { continue }
            end(id, transfer.result(code))
            ended = true
        }
        return ended
    }

    /// Ends the transfers silent past the read limit; returns how long the poll may sleep, in
    /// milliseconds: until libcurl's next timer or the next silence limit, a second at most.
    private func endSilent() -> Int32 {
        let now = clock.now
        let read = shared.limits.read
        var wait = Duration.seconds(1)
        for (id, transfer) in running {
            let limit = transfer.silenceLimit(read: read, connect: shared.limits.connect)
            let silence = now - transfer.lastHeard
            if silence >= limit {
                end(id, .failure(.silent))
            } else {
                wait = min(wait, limit - silence)
            }
        }
        var timeout = -1
        _ = cellscape_curl_multi_timeout(shared.multi.pointer, &timeout)
        let milliseconds = Int(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        return Int32(max(0, timeout >= 0 ? min(timeout, milliseconds) : milliseconds))
    }
}
