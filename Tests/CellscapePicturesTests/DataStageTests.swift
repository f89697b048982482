import CellscapeFixtures
import CellscapeRender
import Dispatch
import Foundation
import Testing

@testable import CellscapePictures

/// The loader's data stage: a held picture's bytes are asked for before a worker decodes them, so a
/// download that has not come holds no worker; jobs that want the same bytes share one read; a read
/// only tiles that left the view wait for is cancelled.
@Suite struct DataStageTests {
    /// A source's bytes that come only when the test answers: every ask is kept, with its cancellation.
    final class HeldBack: Sendable {
        struct Ask: Sendable {
            let rendition: PictureBytes.Rendition
            let cancellation: ReadCancellation
            let answer: @Sendable (PictureBytes.Answer) -> Void
        }
        let asks = Guarded<[Ask]>([])
        /// Signalled at each ask: what a test waits on.
        let asked = DispatchSemaphore(value: 0)

        func bytes(_ name: String, readWhenShown: Bool = false) -> PictureBytes {
            PictureBytes(name: name, readWhenShown: readWhenShown) { rendition, cancellation, answer in
                self.asks.withLock { $0.append(Ask(rendition: rendition, cancellation: cancellation, answer: answer)) }
                self.asked.signal()
            }
        }

        /// Waits for the next ask (a minute at most: a broken loader fails the test, never hangs it).
        func waitForAsk() -> Bool { asked.wait(timeout: .now() + 60) == .success }
    }

    static func png(_ width: Int, _ height: Int) throws -> [UInt8] {
        try #require(PictureEncoder.png(FixturePictures.pattern(width: width, height: height)))
    }

    /// Results of `loader` until `done` says they are enough, a minute at most.
    static func results(
        of loader: PictureLoader, until done: ([PictureLoader.Result]) -> Bool
    ) -> [PictureLoader.Result] {
        var results: [PictureLoader.Result] = []
        let deadline = Date().addingTimeInterval(60)
        while !done(results) && Date() < deadline {
            loader.waitForWake(milliseconds: 100)
            results += loader.takeResults()
        }
        return results
    }

    static func thumbnails(_ results: [PictureLoader.Result]) -> [Int] {
        results.compactMap { result in
            if case .thumbnail(let id, _, let image, _) = result, image != nil { id.rawValue } else { nil }
        }
    }

    @Test func aDownloadThatHasNotComeHoldsNoWorker() throws {
        let source = HeldBack()
        let loader = PictureLoader(paths: [], threads: 1)
        let ids = loader.append(held: [
            source.bytes("far.png", readWhenShown: true), PictureBytes(name: "near.png", bytes: try Self.png(80, 60)),
        ])
        loader.requestThumbnail(ids[0], side: 64, priority: 0)
        #expect(source.waitForAsk())
        #expect(source.asks.withLock { $0.map(\.rendition) } == [.fitting(64)])
        // The one worker is free while the first picture's bytes are away: the second's thumbnail comes.
        loader.requestThumbnail(ids[1], side: 64, priority: 1)
        #expect(Self.thumbnails(Self.results(of: loader) { Self.thumbnails($0) == [1] }) == [1])

        // Its bytes come: its thumbnail, and its header read from the same bytes.
        source.asks.withLock { $0[0] }.answer(.success(.bytes(try Self.png(120, 90))))
        let results = Self.results(of: loader) { Self.thumbnails($0) == [0] }
        #expect(Self.thumbnails(results) == [0])
        let header = results.compactMap { result -> PictureHeader? in
            if case .header(let id, let header, _) = result, id == ids[0] { header } else { nil }
        }
        #expect(header.map { [$0.width, $0.height] } == [[120, 90]])
    }

    @Test func jobsThatWantTheSameBytesShareOneRead() throws {
        let source = HeldBack()
        let loader = PictureLoader(paths: [], threads: 2)
        // Its header is read from its original, and so is a region of it.
        let id = loader.append(held: [source.bytes("shared.png")])[0]
        #expect(source.waitForAsk())
        loader.requestRegion(id, region: PictureRegion(x: 0, y: 0, width: 20, height: 10), scale: 1)
        // Both jobs wait on the one read: none is asked again after the region's job is taken.
        let parked = Self.results(of: loader) { _ in
            loader.core.locked { state in state.data.reads.values.reduce(0) { $0 + $1.jobs.count } } == 2
        }
        #expect(parked.isEmpty && source.asks.withLock { $0.count } == 1)

        source.asks.withLock { $0[0] }.answer(.success(.bytes(try Self.png(40, 30))))
        let results = Self.results(of: loader) { $0.count == 2 }
        var header: PictureHeader?
        var region: PixelImage?
        for result in results {
            if case .header(_, let read, _) = result { header = read }
            if case .region(_, _, _, let image, _) = result { region = image }
        }
        #expect(header?.width == 40 && region?.width == 20 && region?.height == 10)
        #expect(source.asks.withLock { $0.count } == 1)
    }

    @Test func aReadOnlyTilesThatLeftTheViewWaitForIsCancelledAndAskedAgainWhenTheyCome() throws {
        let source = HeldBack()
        let loader = PictureLoader(paths: [], threads: 1)
        let id = loader.append(held: [source.bytes("gone.png", readWhenShown: true)])[0]
        loader.requestThumbnail(id, side: 64, priority: 0)
        #expect(source.waitForAsk())
        let first = source.asks.withLock { $0[0] }
        #expect(!first.cancellation.isCancelled)

        // The tile scrolls away: its read is cancelled; what the source still answers is let go.
        loader.isWanted = { _, _ in false }
        loader.wantedChanged()
        #expect(first.cancellation.isCancelled)
        first.answer(.failure(.unavailable("cancelled")))
        #expect(Self.results(of: loader) { _ in loader.core.locked { $0.requested.isEmpty } }.isEmpty)

        // It comes back: asked again, and drawn.
        loader.isWanted = { _, _ in true }
        loader.requestThumbnail(id, side: 64, priority: 0)
        #expect(source.waitForAsk())
        source.asks.withLock { $0[1] }.answer(.success(.bytes(try Self.png(50, 50))))
        #expect(Self.thumbnails(Self.results(of: loader) { !Self.thumbnails($0).isEmpty }) == [0])
    }

    @Test func asManyReadsRunAsMayTheTilesInViewFirst() throws {
        let source = HeldBack()
        // One worker: it starts a read before it looks for the next job, so the count is exact.
        let loader = PictureLoader(paths: [], threads: 1, paused: true)
        let ids = loader.append(held: (0..<20).map { source.bytes("p\($0).png", readWhenShown: true) })
        // All a screen behind, then one of them in view.
        for id in ids { loader.requestThumbnail(id, side: 64, priority: 2 * PictureLoader.onScreen) }
        loader.requestThumbnail(ids[15], side: 64, priority: 0)
        loader.setPaused(false)
        let limit = PictureLoader.readsAtOnce
        _ = Self.results(of: loader) { _ in loader.core.locked { $0.data.reads.count == limit } }
        #expect(loader.core.locked { ($0.data.reads.count, $0.waitingThumbnails.count) } == (limit, 20 - limit))
        let reading = { Set(loader.core.locked { $0.data.reads.keys.map(\.id) }) }
        #expect(reading() == Set([15] + Array(0..<(limit - 1))))
        #expect(source.asks.withLock { $0.map(\.rendition) } == Array(repeating: .fitting(64), count: limit))

        // One ends: the next asked for starts.
        for _ in 0..<limit { #expect(source.waitForAsk()) }
        source.asks.withLock { $0[0] }.answer(.success(.bytes(try Self.png(30, 30))))
        #expect(source.waitForAsk())
        #expect(reading().contains(limit - 1) && !reading().contains(15))
    }

    @Test func aMovieLeftWhileItComesAndAPictureForgottenHaveTheirReadsCancelled() throws {
        let source = HeldBack()
        let loader = PictureLoader(paths: [], threads: 1)
        let ids = loader.append(held: [source.bytes("clip.mp4", readWhenShown: true), source.bytes("gone.png")])
        // The second's header asks for its original; the first's frames, for its movie.
        #expect(source.waitForAsk())
        loader.requestFrames(ids[0], side: 64, count: 4, priority: -3)
        #expect(source.waitForAsk())
        let asks = source.asks.withLock { $0 }
        let movie = try #require(asks.first { $0.rendition == .moving(64) })
        let original = try #require(asks.first { $0.rendition == .original })

        // A seek keeps the movie coming; leaving the video cancels it.
        loader.seekFrames(ids[0], side: 64, to: 1000, count: 4, priority: -3)
        #expect(!movie.cancellation.isCancelled)
        loader.stopFrames(ids[0], side: 64)
        #expect(movie.cancellation.isCancelled && !original.cancellation.isCancelled)
        loader.forget([ids[1]])
        #expect(original.cancellation.isCancelled)
    }
}
