import CellscapeFeeds
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeRemote

/// Downloads through the one client against a server on loopback: the cache in front (fresh answers
/// served, stale ones revalidated), redirects followed only where safe and never with the key to
/// another host, and each fault said in a user's words.
@Suite struct RemoteFetcherTests {
    static func cacheFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
    }

    static func fetcher(cache: URL? = nil, read: Duration = .seconds(20)) throws -> RemoteFetcher {
        var limits = RemoteFetcher.Limits()
        limits.read = read
        // The client tries a refused connection again until this passes.
        limits.connect = .seconds(1)
        return RemoteFetcher(
            cache: try cache.map { try HTTPDiskCache(folder: $0, limit: 1 << 20) }, limits: limits, policy: .thisMachine
        )
    }

    /// How `body` failed, nil when it did not.
    static func failure(_ body: () async throws -> Void) async -> FetchFailure? {
        do {
            try await body()
            return nil
        } catch {
            return error as? FetchFailure
        }
    }

    @Test func aFreshAnswerComesFromTheCacheAndAStaleOneIsRevalidated() async throws {
        let server = try await LoopbackServer { request in
            switch request.target {
            case "/fresh": .json("[1]", headers: [("Cache-Control", "max-age=60")])
            case _ where request.header("If-None-Match") == "\"v1\"": LoopbackServer.Reply(status: 304)
            default: .json("[2]", headers: [("Cache-Control", "no-cache"), ("ETag", "\"v1\"")])
            }
        }
        let folder = Self.cacheFolder()
        let fetcher = try Self.fetcher(cache: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await fetcher.fetch(URL(string: server.url("/fresh"))!, cap: 1000, now: 1000)
        let again = try await fetcher.fetch(URL(string: server.url("/fresh"))!, cap: 1000, now: 1000)
        #expect(first.body == Array("[1]".utf8) && !first.fromCache && again.body == first.body && again.fromCache)
        let stale = try await fetcher.fetch(URL(string: server.url("/stale"))!, cap: 1000, now: 1000)
        let revalidated = try await fetcher.fetch(URL(string: server.url("/stale"))!, cap: 1000, now: 1000)
        #expect(!stale.fromCache && revalidated.fromCache && revalidated.body == Array("[2]".utf8))
        #expect(server.taken.map(\.target) == ["/fresh", "/stale", "/stale"])
        #expect(server.taken.last?.header("If-None-Match") == "\"v1\"")
        await fetcher.shutdown()
        await server.stop()
    }

    @Test func redirectsAreFollowedOnlyWhereSafeAndTheKeyStaysHome() async throws {
        let other = try await LoopbackServer { _ in .json("{\"moved\":true}") }
        let server = try await LoopbackServer { request in
            switch request.target.split(separator: "?").first ?? "" {
            case "/same": LoopbackServer.Reply(status: 302, headers: [("Location", "/moved?api_key=K&offset=0")])
            case "/moved": .json("{\"here\":true}")
            case "/away":
                LoopbackServer.Reply(status: 301, headers: [("Location", other.url("/page?api_key=K&offset=50"))])
            case "/file": LoopbackServer.Reply(status: 302, headers: [("Location", "file:///etc/passwd")])
            case "/loop": LoopbackServer.Reply(status: 307, headers: [("Location", "/loop")])
            default: LoopbackServer.Reply(status: 302, headers: [])
            }
        }
        let fetcher = try Self.fetcher()
        let same = try await fetcher.fetch(URL(string: server.url("/same?api_key=K"))!, cap: 1000)
        #expect(same.body == Array("{\"here\":true}".utf8))
        #expect(server.taken.last?.target == "/moved?api_key=K&offset=0", "the same host keeps the key")
        let away = try await fetcher.fetch(URL(string: server.url("/away?api_key=K"))!, cap: 1000)
        #expect(away.body == Array("{\"moved\":true}".utf8))
        #expect(other.taken.map(\.target) == ["/page?offset=50"], "another host never gets the key")
        #expect(
            await Self.failure { _ = try await fetcher.fetch(URL(string: server.url("/file"))!, cap: 1000) }
                == .refused("127.0.0.1 redirects to a file: address"))
        #expect(
            await Self.failure { _ = try await fetcher.fetch(URL(string: server.url("/loop"))!, cap: 1000) }
                == .refused("127.0.0.1 redirects too often"))
        #expect(
            await Self.failure { _ = try await fetcher.fetch(URL(string: server.url("/nowhere"))!, cap: 1000) }
                == .refused("127.0.0.1 redirects to no address"))
        // From https, never down to plain http, not even to this machine.
        #expect(throws: FetchFailure.refused("example.org redirects to plain http")) {
            try RemoteFetcher.redirect(from: URL(string: "https://example.org/a")!, to: "http://127.0.0.1/b")
        }
        #expect(throws: FetchFailure.refused("127.0.0.1 redirects to plain http")) {
            try RemoteFetcher.redirect(from: URL(string: "http://127.0.0.1/a")!, to: "http://example.org/b")
        }
        await fetcher.shutdown()
        await other.stop()
        await server.stop()
    }

    @Test func faultsAreSaidInAUsersWordsAndSortedForThePaging() async throws {
        let server = try await LoopbackServer { request in
            switch request.target {
            case "/busy": LoopbackServer.Reply(status: 503)
            case "/limit": LoopbackServer.Reply(status: 429, headers: [("Retry-After", "120")])
            case "/gone": LoopbackServer.Reply(status: 404)
            case "/login": LoopbackServer.Reply(status: 401)
            case "/big": .json(String(repeating: " ", count: 5000))
            case "/huge": LoopbackServer.Reply(headers: [("Content-Length", "99999999")], dropsAfterHead: true)
            case "/drop": LoopbackServer.Reply(dropsAfterHead: true)
            case "/slow": LoopbackServer.Reply(body: [1, 2, 3], bodyDelay: .seconds(5))
            default: .json("[]")
            }
        }
        let fetcher = try Self.fetcher(read: .milliseconds(300))
        func failure(_ target: String, cap: Int = 1000) async -> FetchFailure? {
            await Self.failure { _ = try await fetcher.fetch(URL(string: server.url(target))!, cap: cap, now: 1000) }
        }
        #expect(await failure("/busy") == .transient("127.0.0.1 answered 503"))
        #expect(await failure("/limit") == .rateLimited(until: 1120))
        #expect(await failure("/gone")?.pagingFailure == .permanent(.notFound))
        #expect(await failure("/login")?.pagingFailure == .permanent(.needsLogin))
        #expect(await failure("/big") == .refused("127.0.0.1 sent more than 1 KB (4 KB)"))
        #expect(await failure("/huge", cap: 4 << 20) == .refused("127.0.0.1 sent more than 4 MB (95 MB)"))
        let dropped = await failure("/drop")
        #expect(dropped?.pagingFailure == .transient(dropped?.description ?? ""), "\(String(describing: dropped))")
        #expect(await failure("/slow") == .transient("127.0.0.1 stopped sending"))
        await server.stop()
        // Nothing listens there any more.
        let refused = await failure("/busy")
        #expect(
            refused?.description.contains("127.0.0.1") == true
                && refused?.pagingFailure == .transient(refused!.description))
        await fetcher.shutdown()
    }

    @Test func overHTTPSTheCertificateIsCheckedAndPlainHTTPNeverFollowed() async throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let plain = try await LoopbackServer { _ in .json("[\"plain\"]") }
        let server = try await LoopbackServer(certificates: certificates) { request in
            request.target == "/down"
                ? LoopbackServer.Reply(status: 302, headers: [("Location", plain.url("/page"))]) : .json("[\"secure\"]")
        }
        var limits = RemoteFetcher.Limits()
        limits.connect = .seconds(1)
        let trusting = RemoteFetcher(cache: nil, limits: limits, trusting: certificates.authority, policy: .thisMachine)
        let answer = try await trusting.fetch(URL(string: server.url("/page"))!, cap: 1000)
        #expect(answer.body == Array("[\"secure\"]".utf8))
        #expect(
            await Self.failure { _ = try await trusting.fetch(URL(string: server.url("/down"))!, cap: 1000) }
                == .refused("127.0.0.1 redirects to plain http"))
        #expect(plain.taken.isEmpty)
        // The system's authorities alone do not know the test's.
        let untrusting = try Self.fetcher()
        let refused = await Self.failure {
            _ = try await untrusting.fetch(URL(string: server.url("/page"))!, cap: 1000)
        }
        #expect(refused == .refused("127.0.0.1's certificate is not trusted"))
        #expect(server.taken.map(\.target) == ["/page", "/down"])
        await trusting.shutdown()
        await untrusting.shutdown()
        await plain.stop()
        await server.stop()
    }

    @Test func offlineAnswersComeFromTheCacheAloneFreshOrNot() async throws {
        let server = try await LoopbackServer { _ in .json("[1]", headers: [("Cache-Control", "max-age=10")]) }
        let folder = Self.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let online = try Self.fetcher(cache: folder)
        _ = try await online.fetch(URL(string: server.url("/kept"))!, cap: 1000, now: 1000)
        await online.shutdown()
        await server.stop()
        // A replay, a day later, the server gone: the kept answer, stale as it is; nothing for the rest.
        let offline = RemoteFetcher(
            cache: try HTTPDiskCache(folder: folder, limit: 1 << 20), offline: true, policy: .thisMachine)
        let kept = try await offline.fetch(URL(string: server.url("/kept"))!, cap: 1000, now: 87_400)
        #expect(kept.body == Array("[1]".utf8) && kept.fromCache)
        #expect(
            await Self.failure { _ = try await offline.fetch(URL(string: server.url("/other"))!, cap: 1000) }
                == .refused("127.0.0.1's answer is no longer in the cache of downloads"))
        await offline.shutdown()
    }
}
