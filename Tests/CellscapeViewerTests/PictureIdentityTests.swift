import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A picture keeps its id for the session: rewritten in place it keeps its place and the selection;
/// pictures that join a watched folder go where the order puts them, the tile in view kept on screen.
@Suite struct PictureIdentityTests {
    /// A watched folder of `names` (PNGs of 300 x 200, or the width each name's entry in `widths`
    /// says) shown in a scene of `size`, every header arrived.
    static func scene(
        _ names: [String], widths: [String: Int] = [:], size: Size = Size(width: 800, height: 600)
    ) throws -> (WaterfallScene, PictureFeed, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-ids-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in names {
            try LiveFolderTests.png(widths[name] ?? 300, 200, 0x30_6090).write(
                to: URL(fileURLWithPath: "\(root)/\(name)"))
        }
        let found = PictureFiles([root], recursive: false)
        let feed = PictureFeed(paths: found.paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.watch(folders: found.folders)
        var options = WaterfallScene.Options()
        options.size = size
        var scene = WaterfallScene(options: options, pictures: feed)
        settle(&scene) { $0.items.count == names.count }
        return (scene, feed, root)
    }

    /// Takes the feed's results until `done` holds (at most 20 seconds, waiting on the loader's wake).
    static func settle(_ scene: inout WaterfallScene, until done: (WaterfallScene) -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done(scene) && Date() < deadline {
            scene.pictures?.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
        }
    }

    @Test func aPictureRewrittenInPlaceKeepsItsIdItsPlaceAndTheSelection() throws {
        let names = (1...5).map { "a\($0).png" }
        var (scene, feed, root) = try Self.scene(names)
        defer { try? FileManager.default.removeItem(atPath: root) }
        scene.selection = 2
        let id = feed.order[2]
        let path = "\(root)/a3.png"
        // Truncated, then written through the same descriptor (what mogrify and most editors do).
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try LiveFolderTests.png(100, 200, 0x90_3030))
        try handle.close()
        Self.settle(&scene) { $0.pictures?.header(at: 2)?.width == 100 }
        #expect(feed.header(at: 2)?.width == 100 && feed.order[2] == id && scene.selection == 2)
        // Written elsewhere, then renamed over it.
        try LiveFolderTests.png(200, 200, 0x30_9030).write(to: URL(fileURLWithPath: "\(root)/.a3.png.tmp"))
        #expect(rename("\(root)/.a3.png.tmp", path) == 0)
        Self.settle(&scene) { $0.pictures?.header(at: 2)?.width == 200 }
        #expect(feed.header(at: 2)?.width == 200 && feed.order[2] == id && scene.selection == 2)
        // Removed and put back before the loop looked (a save that unlinks first): it stays.
        try FileManager.default.removeItem(atPath: path)
        try LiveFolderTests.png(250, 200, 0x30_6090).write(to: URL(fileURLWithPath: path))
        Self.settle(&scene) { $0.pictures?.header(at: 2)?.width == 250 }
        #expect(feed.header(at: 2)?.width == 250 && feed.order[2] == id && scene.selection == 2)
        #expect(scene.items.map(\.title) == names && feed.headersArrived == 5 && feed.brokenCount == 0)
    }

    @Test func picturesThatJoinGoWhereTheOrderPutsThemAndTheTileInViewStays() throws {
        let names = (1...40).map { String(format: "p%02d.png", $0 * 2) }
        var (scene, feed, root) = try Self.scene(names, size: Size(width: 400, height: 300))
        defer { try? FileManager.default.removeItem(atPath: root) }
        scene.handle(.key(.end))
        let selected = try #require(scene.selection)
        let selectedID = feed.order[selected]
        let screenY = scene.layout.frame(at: selected).minY - scene.scrollOffset
        // Copied in: by name they go between the others, not at the end.
        for name in ["p01.png", "p41.png", "p99.png"] {
            try LiveFolderTests.png(300, 200, 0x90_3030).write(to: URL(fileURLWithPath: "\(root)/\(name)"))
        }
        Self.settle(&scene) { $0.items.count == 43 }
        let expected = (names + ["p01.png", "p41.png", "p99.png"]).sorted()
        #expect(scene.items.map(\.title) == expected)
        #expect(feed.paths.map { ($0 as NSString).lastPathComponent } == expected)
        let now = try #require(scene.selection)
        #expect(feed.order[now] == selectedID && scene.items[now].title == "p80.png")
        #expect(abs(scene.layout.frame(at: now).minY - scene.scrollOffset - screenY) < 1e-9, "the tile stays put")
        // Sorted by size, largest first: a picture that joins goes by its size, ties by name.
        feed.sort(.size, descending: true)
        scene.takePictureResults()
        let data = try LiveFolderTests.png(300, 200, 0x90_3030)
        var large = data
        large.append(Data(count: 4_096))  // bytes after the end: a larger file, the same picture
        try large.write(to: URL(fileURLWithPath: "\(root)/p51.png"))
        Self.settle(&scene) { $0.items.count == 44 }
        let sizes = feed.paths.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
        #expect(sizes.first == large.count && feed.name(of: 0) == "p51.png")
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func anOrderTakesInsertionsAsBruteForceDoes() {
        var random = SplitMix64(seed: 7)
        for round in 0..<200 {
            var order = PictureOrder()
            let first = Int(random.next() % 20)
            order.append((0..<first).map(PictureID.init))
            var expected = order.ids
            let entries = (0..<Int(random.next() % 6)).map { offset in
                (id: PictureID(first + offset), before: Int(random.next() % UInt64(first + 1)))
            }
            // Brute force: each goes before the picture that was at its place, in the order given.
            for entry in entries {
                let anchor = entry.before < first ? order.ids[entry.before] : nil
                let at = anchor.flatMap { anchor in expected.firstIndex(of: anchor) } ?? expected.count
                expected.insert(entry.id, at: at)
            }
            order.insert(entries)
            #expect(order.ids == expected, "round \(round)")
            #expect(order.ids.indices.allSatisfy { order.position(of: order[$0]) == $0 })
        }
    }
    /// A picture that went gives its place to the next that stayed (else the last before it), followed
    /// through several removals and returns before anyone looks: as brute force on the orders kept.
    @Test func anOrderSaysWhoTookEachPlaceAsBruteForceDoes() {
        var random = SplitMix64(seed: 5)
        for round in 0..<300 {
            var order = PictureOrder()
            let count = 1 + Int(random.next() % 30)
            order.append((0..<count).map(PictureID.init))
            // Brute force: each picture that went, by the orders it went from.
            var expected: [PictureID: PictureID?] = [:]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let before = order.ids
                var after = before.filter { _ in random.next() % 3 != 0 }
                if random.next() % 4 == 0 { after.shuffle(using: &random) }
                order.replace(with: after)
                for (place, id) in before.enumerated() where !after.contains(id) {
                    let next =
                        before[place...].first(where: after.contains) ?? before[..<place].last(where: after.contains)
                    expected[id] = next
                }
                // Those that went before and whose heir went now follow the heir.
                for (id, heir) in expected where heir.map({ !after.contains($0) }) ?? false {
                    expected[id] = heir.flatMap { expected[$0] ?? nil }
                }
            }
            for (id, heir) in expected {
                #expect(order.successor(of: id) == heir, "round \(round), picture \(id.rawValue)")
            }
            for id in order.ids { #expect(order.successor(of: id) == id) }
            order.forgetDepartures()
            for id in expected.keys { #expect(order.successor(of: id) == nil) }
        }
    }
}
