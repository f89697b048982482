import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures
@testable import CellscapeViewer

/// A picture that leaves takes everything kept for it; one the trash took and `z` brought back keeps
/// its id and what was read of it, and its file's return reads nothing again.
@Suite struct PictureLeavingTests {
    /// How many entries each of the feed's stores of pictures holds.
    static func stores(_ feed: PictureFeed) -> [String: Int] {
        [
            "catalog": feed.catalog.entries.count, "arrived": feed.catalog.sizes.count,
            "unavailable": feed.catalog.unavailable.count,
            "removals": feed.members.live.removals.count,
            "thumbnails": feed.thumbnails.memory.count, "thumbnailSides": feed.thumbnails.sides.count,
            "joining": feed.members.joining.count,
            "rereading": feed.members.live.rereading.count,
            "views": feed.open.views.count, "animations": feed.animations.player.playing.count,
            "setAside": feed.members.setAside.count,
            "returning": feed.members.live.returning.count, "idByPath": feed.members.idsByPath().count,
            "loaderNames": feed.loader.core.locked { $0.paths.count },
            "loaderKnown": feed.loader.core.locked { $0.known.count },
            // The tables by id hold pages of 4,096 ids: those of the pictures that left are let go.
            "loaderPages": feed.loader.core.locked { $0.paths.pagesHeld + $0.known.pagesHeld + $0.versions.pagesHeld },
            "orderPages": feed.order.pagesHeld,
            "arrivedSizes": feed.catalog.sizes.count,
        ]
    }

    static func waitForHeaders(_ feed: PictureFeed) {
        let deadline = Date().addingTimeInterval(60)
        repeat {
            feed.loader.waitForWake(milliseconds: 50)
            feed.takeResults()
        } while (!feed.members.joining.isEmpty || feed.headersArrived < feed.count) && Date() < deadline
    }

    /// 10,000 pictures (a broken one among every ten) join and leave ten times: every store is back to
    /// its size each time, holding what it holds of the one picture that stays.
    @Test func picturesThatJoinAndLeaveLeaveNothingBehind() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-churn-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let png = try #require(PictureEncoder.png(Framebuffer(width: 3, height: 2)))
        let paths = (0..<10_000).map { "\(root)/p\($0).png" }
        for (index, path) in paths.enumerated() {
            _ = FileManager.default.createFile(
                atPath: path, contents: index % 10 == 9 ? Data("broken".utf8) : Data(png))
        }
        let feed = PictureFeed(paths: [root + "/p0.png"], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        var left: [String: Int]?
        for _ in 0..<10 {
            feed.append(paths: Array(paths.dropFirst()))
            Self.waitForHeaders(feed)
            #expect(feed.count == 10_000 && feed.catalog.ids.count(where: { feed.catalog.isBroken($0) }) == 1_000)
            // Some thumbnails asked for and taken, so the thumbnail stores hold some too.
            feed.want(visible: 0..<50, ahead: 50..<60, behind: 0..<0, tileWidth: 120)
            let asked = Date().addingTimeInterval(20)
            while feed.thumbnails.memory.count < 10 && Date() < asked {
                feed.loader.waitForWake(milliseconds: 20)
                feed.takeResults()
            }
            #expect(
                feed.thumbnails.memory.count >= 10 && feed.catalog.ids.contains { feed.catalog[$0]?.problem != nil })
            feed.remove(Array(1..<feed.count))
            feed.takeResults()
            // What is kept of the one picture that stays, and nothing of the 9,999 that left.
            let stores = Self.stores(feed)
            #expect(stores.filter { $0.key != "loaderPages" }.values.allSatisfy { $0 <= 1 }, "\(stores)")
            #expect(stores["loaderPages"] == 2, "the names' and the known ids' first pages")
            #expect(stores == (left ?? stores))
            left = stores
        }
    }

    /// The trash's last move undone: the pictures come back with their ids, headers and thumbnails, and
    /// the watcher's word of their files going and coming back reads nothing again.
    @Test func aPictureBackFromTheTrashIsNotReadAgain() throws {
        var (model, feed, root) = try PictureBrowsingTests.model(3, bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        feed.watch(folders: [root], recursive: false)
        let actions = TrashActions(trashCan: TrashCan(environment: ["XDG_DATA_HOME": root + "/data"]))
        let path = root + "/p2.png"
        let id = try #require(feed.position(ofPath: path).map { feed.order[$0] })
        model.waterfall.prepareFrame()
        let deadline = Date().addingTimeInterval(20)
        while !feed.thumbnails.memory.contains(id) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            model.takePictureResults()
            model.waterfall.prepareFrame()
        }
        try #require(feed.thumbnails.memory.contains(id), "its thumbnail arrived")
        model.apply(.removed(actions.trash([path]).moved))
        #expect(feed.members.setAside.keys.contains(id) && feed.order.position(of: id) == nil)
        model.apply(.restored(actions.undo().restored))
        #expect(feed.order.position(of: id) == 1 && feed.thumbnails.memory.contains(id) && feed.header(of: id) != nil)
        // The watcher's events of the move away and back.
        let settled = Date().addingTimeInterval(2)
        while feed.members.live.returning[id] != nil && Date() < settled {
            feed.loader.waitForWake(milliseconds: 20)
            model.takePictureResults()
        }
        #expect(feed.members.live.returning[id] == nil, "its return was seen")
        #expect(feed.members.live.rereading.isEmpty && feed.thumbnails.memory.contains(id), "nothing read again")
        #expect(Self.stores(feed)["setAside"] == 0)
    }
}
