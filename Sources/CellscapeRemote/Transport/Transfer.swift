import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One transfer on the transport's thread: its easy handle, set up from the request, and what its
/// callbacks gathered (the answer's headers and body, when it was last heard from, a cap passed).
final class Transfer {
    let easy: UnsafeMutableRawPointer
    let done: @Sendable (TransferResult) -> Void
    private let cap: Int
    private var headerLines: UnsafeMutablePointer<curl_slist>?
    private var pinnedNames: UnsafeMutablePointer<curl_slist>?
    private(set) var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    /// The file the body is written to as it comes, and the bytes written (-1: in memory).
    private var file: Int32 = -1
    private var written = 0
    /// Set by a callback that stopped the transfer (a body past its cap).
    private var stopped: TransferFailure?
    /// Which addresses it may connect to, and the last it was refused.
    private let allows: (@Sendable ([UInt8]) -> Bool)?
    private var forbidden: [UInt8]?
    /// When a byte last came (or the transfer started), and whether the answer's head has begun.
    private(set) var lastHeard: ContinuousClock.Instant
    private var heard = false

    /// Sets up `request`'s handle; nil when libcurl cannot make one.
    init?(
        _ request: TransferRequest, limits: HTTPTransfers.Limits, now: ContinuousClock.Instant,
        done: @escaping @Sendable (TransferResult) -> Void
    ) {
        guard let easy = cellscape_curl_easy_init() else { return nil }
        self.easy = easy
        self.done = done
        cap = request.cap
        allows = request.allows
        lastHeard = now
        for header in request.headers {
            headerLines = cellscape_curl_slist_append(headerLines, "\(header.name): \(header.value)")
        }
        if let path = request.file {
            file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            if file < 0 { stopped = .unwritable }
        }
        configure(request, limits: limits)
    }

    private func configure(_ request: TransferRequest, limits: HTTPTransfers.Limits) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = cellscape_curl_set_text(easy, CURLOPT_URL, request.url.absoluteString)
        _ = cellscape_curl_set_pointer(easy, CURLOPT_PRIVATE, context)
        _ = cellscape_curl_set_data_callback(easy, CURLOPT_WRITEFUNCTION, Self.takeBody)
        _ = cellscape_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = cellscape_curl_set_data_callback(easy, CURLOPT_HEADERFUNCTION, Self.takeHeader)
        _ = cellscape_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)
        if let headerLines { _ = cellscape_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerLines) }
        // The fetcher follows redirects itself, checking each; nothing but HTTP is ever spoken.
        _ = cellscape_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        _ = cellscape_curl_set_text(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = cellscape_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = cellscape_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(limits.connect))
        _ = cellscape_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.whole))
        _ = cellscape_curl_set_text(easy, CURLOPT_USERAGENT, "Cellscape")
        // Pages of JSON come compressed where the server offers it.
        _ = cellscape_curl_set_text(easy, CURLOPT_ACCEPT_ENCODING, "")
        // HTTP/2 where the server offers it over TLS (later transfers then share its connection). No
        // CURLOPT_PIPEWAIT: over HTTP/1.1 a transfer would wait behind one that hangs.
        _ = cellscape_curl_set_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        if let authorities = limits.authorities { _ = cellscape_curl_set_text(easy, CURLOPT_CAINFO, authorities) }
        for pinned in limits.resolve {
            pinnedNames = cellscape_curl_slist_append(pinnedNames, pinned)
        }
        if let pinnedNames { _ = cellscape_curl_set_pointer(easy, CURLOPT_RESOLVE, pinnedNames) }
        if allows != nil { _ = cellscape_curl_check_addresses(easy, Self.checkAddress, context) }
    }

    /// Lets the handle and its header lines go (after it left the multi handle).
    func close() {
        if file >= 0 { Glibc.close(file) }
        file = -1
        cellscape_curl_easy_cleanup(easy)
        cellscape_curl_slist_free_all(headerLines)
        cellscape_curl_slist_free_all(pinnedNames)
        (headerLines, pinnedNames) = (nil, nil)
    }

    /// How long the transfer may stay silent: the read limit once the answer began; before it, the
    /// connect limit as well, as a connection may take that long.
    func silenceLimit(read: Duration, connect: Duration) -> Duration {
        heard ? read : max(read, connect)
    }

    /// What the transfer gave, libcurl having ended it with `code`.
    func result(_ code: CURLcode) -> TransferResult {
        if let stopped { return .failure(stopped) }
        if code == CURLE_COULDNT_CONNECT, let forbidden { return .failure(.forbidden(forbidden)) }
        guard code == CURLE_OK else { return .failure(failure(code)) }
        return .answer(status: cellscape_curl_status(easy), headers: headers, body: body)
    }

    private func failure(_ code: CURLcode) -> TransferFailure {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .unresolved
        case CURLE_COULDNT_CONNECT: return cellscape_curl_system_error(easy) == Int(ECONNREFUSED) ? .refused : .other
        case CURLE_OPERATION_TIMEDOUT: return cellscape_curl_connected(easy) != 0 ? .timeout : .connectTimeout
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE: return .untrusted
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_USE_SSL_FAILED, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .insecure
        // libcurl 7.88 says headers past its limit so; 8.6 and later, CURLE_TOO_LARGE (100).
        case CURLE_OUT_OF_MEMORY: return .headTooLarge
        case CURLcode(rawValue: 100): return .headTooLarge
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            return .closed
        default: return .other
        }
    }

    /// Takes a piece of the body; past the cap, stops the transfer.
    private func take(body data: UnsafeRawBufferPointer) -> Int {
        heard = true
        lastHeard = ContinuousClock.now
        guard stopped == nil else { return 0 }
        guard max(body.count, written) + data.count <= cap else {
            stopped = .tooLarge(nil)
            return 0
        }
        guard file >= 0 else {
            body.append(contentsOf: data)
            return data.count
        }
        var offset = 0
        while offset < data.count {
            let count = write(file, data.baseAddress! + offset, data.count - offset)
            guard count > 0 else {
                stopped = .unwritable
                return 0
            }
            offset += count
        }
        written += data.count
        return data.count
    }

    /// Takes a line of the answer's head: a status line starts the headers afresh (an interim answer
    /// came first); a length past the cap stops the transfer before its body.
    private func take(header data: UnsafeRawBufferPointer) -> Int {
        heard = true
        lastHeard = ContinuousClock.now
        let line = Self.trimmed(data[...])
        if line.starts(with: "HTTP/".utf8) {
            headers = []
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: Self.trimmed(line[..<colon]), as: UTF8.self)
            let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
            headers.append((name, value))
            if name.lowercased() == "content-length", let length = Int(value), length > cap,
                cellscape_curl_status(easy) / 100 == 2
            {
                stopped = .tooLarge(length)
                return 0
            }
        }
        return data.count
    }

    /// `bytes` without the spaces, tabs and line ends around them.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// Asked by libcurl before it opens a socket: whether the request allows the address.
    private static let checkAddress: cellscape_curl_address_check = { context, address, length in
        guard let context, let address else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let bytes = Array(UnsafeBufferPointer(start: address, count: Int(length)))
        guard transfer.allows?(bytes) ?? true else {
            transfer.forbidden = bytes
            return 0
        }
        return 1
    }

    private static let takeBody: cellscape_curl_data_callback = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.take(body: UnsafeRawBufferPointer(start: data, count: size * count))
    }

    private static let takeHeader: cellscape_curl_data_callback = { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.take(header: UnsafeRawBufferPointer(start: data, count: size * count))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
