import Foundation
import Synchronization
import Testing

@testable import CellscapeFeeds
@testable import CellscapeRemote

/// The remote feeds' disk cache: named by the address without its key, the user's alone, whole or
/// not at all, least recently used out first, fresh as the headers say.
@Suite struct HTTPDiskCacheTests {
    /// A clock the test moves, in seconds.
    final class Clock: Sendable {
        let time = Mutex<Double>(1_000_000)
        var read: @Sendable () -> Double { { [self] in time.withLock { $0 } } }
        func move(by seconds: Double) { time.withLock { $0 += seconds } }
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-\(UUID().uuidString)")
    }

    static func permissions(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func anAnswerIsKeptUnderItsAddressWithoutTheKeyAndReadBack() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try HTTPDiskCache(folder: folder, limit: 1 << 20)
        let first = CachedAnswer.key(
            for: URL(string: "https://api.giphy.com/v1/gifs/trending?api_key=SECRET&offset=0")!)
        let other = CachedAnswer.key(for: URL(string: "https://api.giphy.com/v1/gifs/trending?api_key=ELSE&offset=0")!)
        let next = CachedAnswer.key(
            for: URL(string: "https://api.giphy.com/v1/gifs/trending?api_key=SECRET&offset=50")!)
        #expect(first == other && first != next && first.count == 64 && !first.contains("SECRET"))
        let entry = CachedAnswer(body: Array("[{}]".utf8), stored: 5, maxAge: 60, etag: "\"abc\"")
        cache.store(entry, for: first)
        #expect(cache.entry(first) == entry)
        #expect(cache.entry(next) == nil)
        #expect(Self.permissions(folder) == 0o700 && Self.permissions(folder.appendingPathComponent(first)) == 0o600)
        // Opened again (another run), it still has it.
        #expect(try HTTPDiskCache(folder: folder, limit: 1 << 20).entry(first) == entry)
    }

    @Test func whatAKilledWriteLeftIsNeverServed() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try HTTPDiskCache(folder: folder, limit: 1 << 20)
        let key = CachedAnswer.key(for: URL(string: "https://files.example/a.mp4")!)
        cache.store(CachedAnswer(body: Array(repeating: 7, count: 1000), stored: 0), for: key)
        // A process killed mid-write leaves its partial file; a file cut short by a full disk is no entry.
        let partial = folder.appendingPathComponent(key + ".partial-12")
        #expect(FileManager.default.createFile(atPath: partial.path, contents: Data(repeating: 1, count: 10)))
        let whole = try Data(contentsOf: folder.appendingPathComponent(key))
        // Its body cut short (the system stopped before writing it all out): no entry either.
        try whole.dropLast(1).write(to: folder.appendingPathComponent(key))
        #expect(try HTTPDiskCache(folder: folder, limit: 1 << 20).entry(key) == nil)
        cache.store(CachedAnswer(body: Array(repeating: 7, count: 1000), stored: 0), for: key)
        try whole.prefix(3).write(to: folder.appendingPathComponent(key))
        let reopened = try HTTPDiskCache(folder: folder, limit: 1 << 20)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(reopened.entry(key) == nil && reopened.bytes == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path), "the stump goes")
    }

    @Test func theLeastRecentlyUsedGoFirstPastTheLimit() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Clock()
        let cache = try HTTPDiskCache(folder: folder, limit: 3_500, clock: clock.read)
        let keys = (0..<4).map { CachedAnswer.key(for: URL(string: "https://files.example/\($0).gif")!) }
        for key in keys.prefix(3) {
            cache.store(CachedAnswer(body: Array(repeating: 1, count: 1000), stored: 0), for: key)
            clock.move(by: 10)
        }
        #expect(cache.entry(keys[0]) != nil, "the first, used again")
        clock.move(by: 10)
        cache.store(CachedAnswer(body: Array(repeating: 2, count: 1000), stored: 0), for: keys[3])
        #expect(cache.entry(keys[1]) == nil, "the least recently used went")
        #expect(cache.entry(keys[0]) != nil && cache.entry(keys[2]) != nil && cache.entry(keys[3]) != nil)
        #expect(cache.bytes <= 3_500)
        // Past the limit alone: not kept.
        cache.store(CachedAnswer(body: Array(repeating: 3, count: 5000), stored: 0), for: keys[1])
        #expect(cache.entry(keys[1]) == nil)
        // The order of use outlives the process: the files' times keep it.
        for key in [keys[2], keys[0], keys[3]] {
            clock.move(by: 10)
            _ = cache.entry(key)
        }
        let reopened = try HTTPDiskCache(folder: folder, limit: 2_200, clock: clock.read)
        #expect(reopened.entry(keys[2]) == nil && reopened.entry(keys[0]) != nil && reopened.entry(keys[3]) != nil)
    }

    @Test func freshnessAndValidatorsAreWhatTheHeadersSay() throws {
        let body: [UInt8] = [1, 2, 3]
        #expect(CachedAnswer.keeping(body, headers: [("Cache-Control", "no-store")], at: 0) == nil)
        let fresh = try #require(
            CachedAnswer.keeping(
                body, headers: [("cache-control", "public, max-age=60"), ("ETag", "W/\"1\"")], at: 100))
        #expect(fresh.isFresh(at: 159) && !fresh.isFresh(at: 160) && fresh.etag == "W/\"1\"" && fresh.canRevalidate)
        let revalidate = try #require(
            CachedAnswer.keeping(
                body, headers: [("Cache-Control", "no-cache"), ("Last-Modified", "Wed, 21 Oct 2026 07:28:00 GMT")],
                at: 0))
        #expect(!revalidate.isFresh(at: 0) && revalidate.canRevalidate)
        let unsaid = try #require(CachedAnswer.keeping(body, headers: [], at: 0))
        #expect(!unsaid.isFresh(at: 0) && !unsaid.canRevalidate)
        // A 304 makes the body kept fresh again from now.
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Clock()
        let cache = try HTTPDiskCache(folder: folder, limit: 1 << 20, clock: clock.read)
        let key = CachedAnswer.key(for: URL(string: "https://m.example/api/v1/timelines/public")!)
        cache.store(CachedAnswer(body: body, stored: clock.read(), maxAge: 0, etag: "\"e\""), for: key)
        clock.move(by: 100)
        cache.revalidated(
            key, headers: [("Cache-Control", "max-age=30"), ("Last-Modified", "Wed, 21 Oct 2026 07:28:00 GMT")])
        let entry = try #require(cache.entry(key))
        #expect(entry.body == body && entry.isFresh(at: clock.read() + 29) && !entry.isFresh(at: clock.read() + 30))
        // The 304's validators join the kept ones; those it leaves out stay.
        #expect(entry.etag == "\"e\"" && entry.lastModified == "Wed, 21 Oct 2026 07:28:00 GMT")

    }

    @Test func a304WritesTheHeadOverInPlaceAndLeavesTheBodyAlone() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Clock()
        let cache = try HTTPDiskCache(folder: folder, limit: 1 << 24, clock: clock.read)
        let key = CachedAnswer.key(for: URL(string: "https://files.example/clip.mp4")!)
        let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        cache.store(CachedAnswer(body: body, stored: clock.read(), maxAge: 0, etag: "\"1\""), for: key)
        let path = folder.appendingPathComponent(key).path
        let identity = { () -> [Int] in
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return [
                (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1,
                (attributes[.size] as? NSNumber)?.intValue ?? -1,
            ]
        }
        let before = try identity()
        let bytes = cache.bytes

        // The same file (no new one renamed over it), of the same length, its body's bytes as they were.
        clock.move(by: 10)
        cache.revalidated(key, headers: [("Cache-Control", "max-age=60"), ("ETag", "\"2\"")])
        #expect(try identity() == before && cache.bytes == bytes)
        let file = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(file.suffix(body.count)) == body)
        let entry = try #require(cache.entry(key))
        #expect(entry.etag == "\"2\"" && entry.body == body && entry.isFresh(at: clock.read() + 59))

        // Validators too long for the head's room: the file is written anew, nothing lost.
        let long = String(repeating: "x", count: 2 * CachedAnswerFile.headRoom)
        cache.revalidated(key, headers: [("ETag", "\"\(long)\"")])
        let rewritten = try #require(cache.entry(key))
        #expect(rewritten.etag == "\"\(long)\"" && rewritten.body == body)
        #expect(try identity()[0] != before[0])
    }

    @Test func expiresAgeVaryAndPrivateAreReadAsRFC9111Says() throws {
        let body: [UInt8] = [1]
        let date = "Wed, 21 Oct 2026 07:28:00 GMT"
        let dateSeconds = try #require(HTTPHeaders.date(date, now: 1000))
        func keeping(_ headers: [(name: String, value: String)], at now: Double) -> CachedAnswer? {
            CachedAnswer.keeping(body, headers: headers, at: now)
        }
        // Expires less Date: fresh for 60 s from the server's Date, whatever this machine's clock.
        let expiring = try #require(
            keeping([("Date", date), ("Expires", "Wed, 21 Oct 2026 07:29:00 GMT")], at: 1000))
        #expect(expiring.maxAge == 60)
        // Not a date: expired already.
        #expect(keeping([("Expires", "0")], at: 1000)?.maxAge == 0)
        // max-age wins over Expires; the age it came with is taken off (Age, or the time since Date).
        #expect(keeping([("Cache-Control", "max-age=100"), ("Expires", "0"), ("Age", "30")], at: 1000)?.maxAge == 70)
        #expect(keeping([("Cache-Control", "max-age=100"), ("Date", date)], at: dateSeconds + 40)?.maxAge == 60)
        #expect(keeping([("Cache-Control", "max-age=10"), ("Age", "50")], at: 1000)?.maxAge == 0)
        // Vary: * can never be matched; a private answer is the user's, and this cache is theirs.
        #expect(keeping([("Vary", "*"), ("Cache-Control", "max-age=60")], at: 0) == nil)
        #expect(keeping([("Vary", "Accept-Encoding"), ("Cache-Control", "max-age=60")], at: 0)?.maxAge == 60)
        #expect(keeping([("Cache-Control", "private, max-age=60")], at: 0)?.maxAge == 60)
    }

    @Test func aCacheThatCannotBeMadeSaysWhere() {
        #expect(throws: FeedProblem.self) {
            try HTTPDiskCache(folder: URL(fileURLWithPath: "/proc/cellscape"), limit: 1)
        }
    }
}
