import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A folder opened again through the index of headers: laid out without reading a header, a file
/// changed behind its back read again, one gone simply gone.
@Suite struct HeaderIndexFeedTests {
    @Test func aFolderOpenedAgainReadsOnlyWhatChanged() throws {
        let colours: [UInt32] = (0..<12).map { 0xFF00_0000 | UInt32(0x15_1515 * ($0 + 1)) }
        let (root, paths) = try PictureWaterfallTests.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let index = HeaderIndex(path: root + "/index/headers.sqlite3", limit: 1 << 20) { _ in }
        let first = PictureFeed(paths: paths, diskCache: nil, headerIndex: index, memoryBytes: 1 << 24) { _ in }
        first.waitForAllHeaders()
        let read = (0..<paths.count).map { first.header(at: $0) }
        #expect(read.prefix(12).allSatisfy { $0 != nil } && read[12] == nil, "the broken one is never kept")
        index.flush()
        #expect(index.count == 12)
        // Behind the index's back: the first file's bytes replaced, its size and time kept (what the
        // index keys on): it is not read again, so its header is the one read before.
        let version = try #require(PictureFile.version(of: paths[0]))
        let replaced = try #require(FileManager.default.contents(atPath: paths[5]))
        try Data(replaced.prefix(version.size) + Data(repeating: 0, count: max(0, version.size - replaced.count)))
            .write(to: URL(fileURLWithPath: paths[0]))
        var times = [
            timespec(tv_sec: Int(version.modified / 1_000_000_000), tv_nsec: Int(version.modified % 1_000_000_000))
        ]
        times.append(times[0])
        #expect(utimensat(AT_FDCWD, paths[0], &times, 0) == 0)
        // The second rewritten larger (a new size and time): read again; the third gone.
        let frame = Framebuffer(width: 640, height: 100)
        _ = FileManager.default.createFile(atPath: paths[1], contents: Data(try #require(PictureEncoder.png(frame))))
        try FileManager.default.removeItem(atPath: paths[2])
        let kept = paths.enumerated().filter { $0.offset != 2 }.map(\.element)
        let again = PictureFeed(paths: kept, diskCache: nil, headerIndex: index, memoryBytes: 1 << 24) { _ in }
        again.waitForAllHeaders()
        #expect(again.header(at: 0) == read[0], "from the index: its bytes were not read")
        #expect(again.header(at: 1)?.width == 640 && again.header(at: 1)?.height == 100, "read again")
        for position in 2..<11 { #expect(again.header(at: position) == read[position + 1]) }
        #expect(again.header(at: 11) == nil && again.problem(at: 11) != nil)
    }

    /// Once a listed folder is laid out whole, every header in, what the listing needed for a while
    /// is given back to the system, once; a feed of paths given (no listing) never asks, nor one of
    /// fewer pictures than ``PictureFeed/givesBackMemoryFrom``.
    @Test func aListedFolderLaidOutWholeGivesItsMemoryBackOnce() throws {
        let colours: [UInt32] = (0..<6).map { 0xFF00_0000 | UInt32(0x20_2020 * ($0 + 1)) }
        let (root, paths) = try PictureWaterfallTests.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(listing: [root], recursive: false, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.givesBackMemoryFrom = 0  // a small folder's memory is given back only when asked
        var options = WaterfallScene.Options()
        options.size = Size(width: 640, height: 400)
        var scene = WaterfallScene(options: options, pictures: feed)
        let deadline = Date().addingTimeInterval(30)
        while feed.loader.memoryGivenBack == 0 && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
        }
        #expect(feed.loader.memoryGivenBack == 1 && scene.itemCount == feed.count && !feed.isListing)
        feed.laidOutWhole()
        let given = PictureFeed(paths: paths, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        given.waitForAllHeaders()
        given.laidOutWhole()
        #expect(feed.loader.memoryGivenBack == 1, "once a listing")
        #expect(!given.members.listing.gaveBackMemory && given.loader.memoryGivenBack == 0)
        let small = PictureFeed(listing: [root], recursive: false, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        small.waitForAllHeaders()
        small.laidOutWhole()
        #expect(!small.members.listing.gaveBackMemory, "six pictures: too few to walk the heap for")
    }
}
