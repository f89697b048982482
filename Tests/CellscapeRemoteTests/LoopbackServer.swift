import CellscapePictures
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on a loopback address for the tests, on plain sockets (a thread a connection,
/// connections kept alive): each request answered by `answer` (by its path and headers), with the
/// faults a test asks for; every request it took is kept, headers and all. Given certificates, it
/// speaks HTTPS through `scripts/tls-proxy` (Python's TLS) in front of it.
final class LoopbackServer: Sendable {
    /// What the server does with a request.
    struct Reply: Sendable {
        var status: Int = 200
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        /// Waits this long after the head before the body (a slow server); the client leaving, or
        /// the server stopping, ends the wait.
        var bodyDelay: Duration?
        /// Closes the connection after the head, the body never sent.
        var dropsAfterHead = false
        /// Closes the connection after this many bytes of the body (its length said whole).
        var cutsBodyAfter: Int?
        /// Sends the body a byte at a time, this long apart (a server on a bad line).
        var trickle: Duration?

        static func json(_ text: String, headers: [(name: String, value: String)] = []) -> Reply {
            Reply(headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }

        /// The same reply with another status.
        func with(status: Int) -> Reply {
            var reply = self
            reply.status = status
            return reply
        }
    }

    /// A request as it came: its target (path and query) and headers.
    struct Request: Sendable {
        var target: String
        var headers: [(name: String, value: String)]
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    let port: Int
    let host: String
    let scheme: String
    private let listener: Int32
    private let requests = Guarded<[Request]>([])
    /// The connections open now, shut down when the server stops.
    private let connections = Guarded<Set<Int32>>([])
    private let proxy: TLSProxy?

    /// Starts a server on `host` (a loopback address) at a free port.
    init(
        host: String = "127.0.0.1", certificates: TestCertificates? = nil,
        answer: @escaping @Sendable (Request) -> Reply
    ) async throws {
        listener = try Self.listen(host)
        let plainPort = Self.port(of: listener)
        self.host = host
        if let certificates {
            let proxy = try TLSProxy(certificates: certificates, port: plainPort)
            self.proxy = proxy
            port = proxy.port
            scheme = "https"
        } else {
            proxy = nil
            port = plainPort
            scheme = "http"
        }
        let (listener, requests, connections) = (self.listener, self.requests, self.connections)
        Thread {
            // The listener is closed here, by the one thread that accepts on it, once `stop()` shut it
            // down: closed by `stop()`, its number could be another server's socket by the time this
            // loop asked again, and that server's connections would be taken and answered here.
            defer { close(listener) }
            while true {
                let connection = accept(listener, nil, nil)
                // A signal (another test's child process ending) interrupts the wait, nothing more.
                if connection < 0 && (errno == EINTR || errno == ECONNABORTED) { continue }
                guard connection >= 0 else { return }
                connections.withLock { _ = $0.insert(connection) }
                Thread {
                    Self.serve(connection, answer: answer, requests: requests)
                    connections.withLock { _ = $0.remove(connection) }
                    close(connection)
                }.start()
            }
        }.start()
    }

    /// The address of `target` (a path and query) on this server.
    func url(_ target: String) -> String { "\(scheme)://\(host):\(port)\(target)" }

    /// The requests taken so far: a copy made under the lock (the array shared past it and appended
    /// to by a connection's thread is what ThreadSanitizer reported).
    var taken: [Request] { requests.withLock { requests in requests.map { $0 } } }

    /// Stops listening and shuts the open connections down (their threads then end).
    func stop() async {
        proxy?.stop()
        // Shut down, not closed: the accepting thread's next accept fails, and it closes the listener.
        shutdown(listener, Int32(SHUT_RDWR))
        // Under the lock, where the connections' threads add and remove them.
        connections.withLock { connections in
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    /// A listening socket on `host` at a free port.
    private static func listen(_ host: String) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerProblem("no socket") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, host, &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(socket, 128) == 0 else {
            close(socket)
            throw ServerProblem("cannot listen on \(host)")
        }
        return socket
    }

    private static func port(of socket: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Answers the requests of `connection` one after another until it closes.
    private static func serve(
        _ connection: Int32, answer: @Sendable (Request) -> Reply, requests: Guarded<[Request]>
    ) {
        var buffer: [UInt8] = []
        while let request = readRequest(connection, &buffer) {
            requests.withLock { $0.append(request) }
            guard send(answer(request), to: connection) else { return }
            if request.header("Connection")?.lowercased() == "close" { return }
        }
    }

    /// The next request's head (its body, if any, read and dropped); nil when the connection ends.
    private static func readRequest(_ connection: Int32, _ buffer: inout [UInt8]) -> Request? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                var lines = head.components(separatedBy: "\r\n")
                let start = lines.removeFirst().split(separator: " ")
                guard start.count >= 2 else { return nil }
                let headers = lines.compactMap { line -> (name: String, value: String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (
                        String(line[..<colon]),
                        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    )
                }
                let request = Request(target: String(start[1]), headers: headers)
                var length = Int(request.header("Content-Length") ?? "") ?? 0
                while length > buffer.count {
                    length -= buffer.count
                    buffer = []
                    guard receive(connection, into: &buffer) else { return nil }
                }
                buffer.removeFirst(length)
                return request
            }
            guard receive(connection, into: &buffer) else { return nil }
        }
    }

    private static func receive(_ connection: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        var count = recv(connection, &chunk, chunk.count, 0)
        while count < 0 && errno == EINTR { count = recv(connection, &chunk, chunk.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    /// Sends `reply`; false when the connection is to close after it (or broke).
    private static func send(_ reply: Reply, to connection: Int32) -> Bool {
        var headers = reply.headers
        let named = { (name: String) in headers.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame } }
        if !named("Content-Length") {
            // An answer cut after its head must look unfinished: a chunked body that never ends.
            headers.append(
                reply.dropsAfterHead ? ("Transfer-Encoding", "chunked") : ("Content-Length", "\(reply.body.count)"))
        }
        var head = "HTTP/1.1 \(reply.status) \(reason(reply.status))\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        guard write(Array((head + "\r\n").utf8), to: connection), !reply.dropsAfterHead else { return false }
        if let delay = reply.bodyDelay {
            // Waits, but not past the client leaving or the server stopping (the socket then reads).
            var poll = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let end = ContinuousClock.now + delay
            var ready = Glibc.poll(&poll, 1, Self.milliseconds(delay))
            // A signal cuts the wait short: wait out the rest.
            while ready < 0 && errno == EINTR {
                ready = Glibc.poll(&poll, 1, Self.milliseconds(max(.zero, end - ContinuousClock.now)))
            }
            if ready != 0 { return false }
        }
        if let cut = reply.cutsBodyAfter {
            _ = write(Array(reply.body.prefix(cut)), to: connection)
            return false
        }
        if let pause = reply.trickle {
            var poll = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            for byte in reply.body {
                guard write([byte], to: connection) else { return false }
                // The pause, cut short by the client leaving or the server stopping (the socket reads).
                if Glibc.poll(&poll, 1, Self.milliseconds(pause)) > 0 { return false }
            }
            return true
        }
        return write(reply.body, to: connection)
    }

    private static func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// Why a test's server could not start.
struct ServerProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
