import CellscapeFeeds

/// The transport's failures as the fetcher classes them and a user reads them.
extension RemoteFetcher {
    /// Whether no connection was made or it broke: the network, not the server's answer, failed.
    static func isDisconnected(_ failure: TransferFailure) -> Bool {
        switch failure {
        case .refused, .unresolved, .connectTimeout, .timeout, .silent, .closed, .other: true
        case .untrusted, .insecure, .tooLarge, .headTooLarge, .cancelled, .unwritable, .forbidden: false
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
    }

    /// The transport's failure as a user reads it.
    static func failure(_ failure: TransferFailure, host: String, cap: Int) -> FetchFailure {
        switch failure {
        case .refused: .transient("\(host) refused the connection")
        case .unresolved: .transient("\(host) was not found (no network?)")
        case .connectTimeout: .transient("\(host) did not answer in time (connecting)")
        case .timeout: .transient("\(host) took too long")
        case .silent: .transient("\(host) stopped sending")
        case .closed: .transient("\(host) closed the connection")
        // Not worth trying again: the same certificate comes back.
        case .untrusted: .refused("\(host)'s certificate is not trusted")
        case .insecure: .refused("no secure connection to \(host)")
        case .tooLarge(let length?): .refused("\(host) sent more than \(megabytes(cap)) (\(megabytes(length)))")
        case .tooLarge(nil): .refused("\(host) sent more than \(megabytes(cap))")
        case .cancelled: .cancelled
        case .unwritable: .refused("what \(host) sent cannot be written to disk")
        case .headTooLarge: .refused("\(host) sent headers too large to read")
        case .forbidden(let address): .forbidden(.network(AddressPolicy.network(of: address)))
        case .other: .transient("no connection to \(host)")
        }
    }
}
