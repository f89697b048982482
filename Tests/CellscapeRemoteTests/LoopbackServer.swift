import CellscapePictures
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// An HTTP server on a loopback address for the tests: each request answered by `answer` (by its
/// path and headers), with the faults a test asks for; every request it took is kept, headers and all.
/// Given certificates, it speaks HTTPS (HTTP/1.1 over TLS).
final class LoopbackServer: Sendable {
    /// What the server does with a request.
    struct Reply: Sendable {
        var status: Int = 200
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        /// Waits this long after the head before the body (a slow server).
        var bodyDelay: TimeAmount?
        /// Closes the connection after the head, the body never sent.
        var dropsAfterHead = false

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
    private let channel: any Channel
    private let requests: Guarded<[Request]>

    /// Starts a server on `host` (a loopback address) at a free port.
    init(
        host: String = "127.0.0.1", certificates: TestCertificates? = nil,
        answer: @escaping @Sendable (Request) -> Reply
    ) async throws {
        let requests = Guarded<[Request]>([])
        let tls = try certificates.map { certificates in
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: [.certificate(certificates.server)], privateKey: .privateKey(certificates.serverKey))
            configuration.applicationProtocols = ["http/1.1"]
            return try NIOSSLContext(configuration: configuration)
        }
        channel = try Self.waited(
            ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(Handler(answer: answer, requests: requests))
                    }
                }
                .bind(host: host, port: 0))
        port = channel.localAddress?.port ?? 0
        self.host = host
        self.scheme = certificates == nil ? "http" : "https"
        self.requests = requests
    }

    /// The address of `target` (a path and query) on this server.
    func url(_ target: String) -> String { "\(scheme)://\(host):\(port)\(target)" }

    /// The requests taken so far.
    var taken: [Request] { requests.withLock { $0 } }

    func stop() async { _ = try? Self.waited(channel.close()) }

    /// What `future` gives, waited for on this thread (a lock ThreadSanitizer sees), not through
    /// `get()`'s continuation, resumed on the event loop, whose hand-over it does not see.
    private static func waited<Value: Sendable>(_ future: EventLoopFuture<Value>) throws -> Value {
        try future.wait()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let answer: @Sendable (Request) -> Reply
        let requests: Guarded<[Request]>
        var head: HTTPRequestHead?

        init(answer: @escaping @Sendable (Request) -> Reply, requests: Guarded<[Request]>) {
            self.answer = answer
            self.requests = requests
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                let request = Request(target: head.uri, headers: head.headers.map { ($0.name, $0.value) })
                requests.withLock { $0.append(request) }
                respond(answer(request), context: context)
            }
        }

        private func respond(_ reply: Reply, context: ChannelHandlerContext) {
            var headers = HTTPHeaders(reply.headers.map { ($0.name, $0.value) })
            if !reply.dropsAfterHead && !headers.contains(name: "Content-Length") {
                headers.add(name: "Content-Length", value: "\(reply.body.count)")
            }
            let head = HTTPResponseHead(
                version: .http1_1, status: HTTPResponseStatus(statusCode: reply.status), headers: headers)
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            if reply.dropsAfterHead {
                context.close(promise: nil)
                return
            }
            let send = { [self] in
                var buffer = context.channel.allocator.buffer(capacity: reply.body.count)
                buffer.writeBytes(reply.body)
                context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
            if let delay = reply.bodyDelay {
                context.eventLoop.assumeIsolated().scheduleTask(in: delay) { send() }
            } else {
                send()
            }
        }
    }
}
