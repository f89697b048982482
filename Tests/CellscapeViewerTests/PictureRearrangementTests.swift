import CellscapeFixtures
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The grid follows its pictures when their order changes: sorted again by a key, or some taken out.
/// Checked against the order worked out by hand, and against brute force on random removals.
@Suite struct PictureRearrangementTests {
    /// A JPEG of `width`x`height` whose EXIF (IFD0's DateTime) says it was taken at `taken`.
    static func jpeg(_ width: Int, _ height: Int, taken: String?) throws -> Data {
        var bytes = try #require(FixturePictures.jpeg(FixturePictures.pattern(width: width, height: height)))
        guard let taken else { return Data(bytes) }
        let date = Array(taken.utf8) + [0]
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1]
        tiff += [0x01, 0x32, 0, 2] + [0, 0, 0, UInt8(date.count)] + [0, 0, 0, 26] + [0, 0, 0, 0] + date
        let segment = Array("Exif".utf8) + [0, 0] + tiff
        let length = segment.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + segment, at: 2)
        return Data(bytes)
    }

    /// Five pictures whose names, times, sizes and dates taken each give another order.
    static func sortingFolder() throws -> (root: String, names: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-sort-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let pictures: [(name: String, width: Int, modified: Int, taken: String?)] = [
            ("a1.jpg", 300, 5_000, "2021:05:01 10:00:00"),
            ("a2.jpg", 120, 1_000, nil),
            ("a10.jpg", 500, 3_000, "2020:01:01 09:00:00"),
            ("b.jpg", 200, 2_000, "2022:12:31 23:59:59"),
            ("c.jpg", 400, 4_000, nil),
        ]
        for picture in pictures {
            let path = "\(root)/\(picture.name)"
            try jpeg(picture.width, 80, taken: picture.taken).write(to: URL(fileURLWithPath: path))
            var times = [
                timespec(tv_sec: picture.modified, tv_nsec: 0), timespec(tv_sec: picture.modified, tv_nsec: 0),
            ]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        return (root, pictures.map(\.name))
    }

    @Test func theSortKeysGoThroughEveryOrderAndTheSelectionGoesAlong() throws {
        let (root, names) = try Self.sortingFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = PictureFiles([root], recursive: false)
        #expect(found.paths.map { ($0 as NSString).lastPathComponent } == names, "natural order: a2 before a10")
        let feed = PictureFeed(paths: found.paths, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.size = Size(width: 900, height: 700)
        var scene = WaterfallScene(options: options, pictures: feed)
        var sizes: [String: Int] = [:]
        for name in names {
            sizes[name] = try FileManager.default.attributesOfItem(atPath: "\(root)/\(name)")[.size] as? Int
        }
        let bySize = names.sorted { sizes[$0, default: 0] < sizes[$1, default: 0] }
        #expect(Set(sizes.values).count == names.count, "sizes differ, so their order is one")
        scene.handle(.key(.home))
        scene.handle(.key(.next))  // a2.jpg
        scene.handle(.key(.toggleMark))  // and marked
        let expected: [(KeyCommand, [String])] = [
            (.sortNext, ["a2.jpg", "b.jpg", "a10.jpg", "c.jpg", "a1.jpg"]),  // time
            (.sortNext, bySize),
            (.sortNext, ["a10.jpg", "a1.jpg", "b.jpg", "a2.jpg", "c.jpg"]),  // taken; undated after, by name
            (.reverseSort, ["c.jpg", "a2.jpg", "b.jpg", "a1.jpg", "a10.jpg"]),
            (.sortNext, ["c.jpg", "b.jpg", "a10.jpg", "a2.jpg", "a1.jpg"]),  // name, reversed
            (.reverseSort, names),
        ]
        for (key, order) in expected {
            scene.handle(.key(key))
            #expect(scene.items.map(\.title) == order, "\(key) \(scene.pictureOrder)")
            #expect(feed.paths.map { ($0 as NSString).lastPathComponent } == order)
            let selected = try #require(scene.selection)
            #expect(scene.items[selected].title == "a2.jpg" && scene.marks == [selected])
            #expect(scene.visibleRect.intersects(scene.layout.frame(at: selected)), "the selection shows")
            #expect(
                (0..<feed.count).map { feed.header(at: $0)?.width }
                    == order.map { feed.header(at: feed.position(ofPath: "\(root)/\($0)")!)?.width })
        }
        // With a picture open, the sort takes it along.
        scene.handle(.key(.open))
        scene.handle(.key(.sortNext))
        #expect(scene.openPicture.map { scene.items[$0.index].title } == "a2.jpg")
    }

    @Test func aSortAskedBeforeTheHeadersArriveIsAppliedOnceTheyHave() throws {
        let (root, _) = try Self.sortingFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(
            listing: [root], recursive: false, diskCache: nil, memoryBytes: 1 << 24
        ) { _ in }
        feed.sort(.time, descending: true)
        let deadline = Date().addingTimeInterval(20)
        while (feed.isListing || feed.headersArrived < feed.count) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        #expect(
            feed.paths.map { ($0 as NSString).lastPathComponent } == [
                "a1.jpg", "c.jpg", "a10.jpg", "b.jpg", "a2.jpg",
            ])
    }

    @Test func aFolderListedByTimeSortsByNameAsItsListingWould() throws {
        let (root, names) = try Self.sortingFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(
            listing: [root], recursive: false, order: .time, descending: true, diskCache: nil, memoryBytes: 1 << 24
        ) { _ in }
        let deadline = Date().addingTimeInterval(20)
        while (feed.isListing || feed.headersArrived < feed.count) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        let listed = feed.paths.map { ($0 as NSString).lastPathComponent }
        #expect(listed == ["a1.jpg", "c.jpg", "a10.jpg", "b.jpg", "a2.jpg"])
        #expect(
            feed.members.sortKeys.nameRanks.map { ranks in ranks.map { names[$0] } } == listed,
            "the listing's name ranks")
        feed.sort(.name, descending: false)
        #expect(feed.paths.map { ($0 as NSString).lastPathComponent } == names)
    }

    @Test func aSortStartsAtTheTopOrKeepsTheSelectedTileWhereItWas() throws {
        var (model, _, root) = try PictureBrowsingTests.model(80, size: Size(width: 700, height: 500))
        defer { try? FileManager.default.removeItem(atPath: root) }
        model.handle(.wheel(10))
        #expect(model.waterfall.scrollOffset > 0)
        model.handle(.key(.reverseSort))
        #expect(model.waterfall.scrollOffset == 0 && model.waterfall.items.first?.title == "p81.jpg")
        #expect(
            WaterfallPainter(scene: model.waterfall).barText.right == "81 pictures   1 broken   by name, reversed",
            "the bar says the order")
        model.handle(.wheel(12))
        let scene = model.waterfall
        let shown = scene.layout.indices(in: scene.visibleRect).sorted()
        let selected = shown[shown.count / 2]
        let title = scene.items[selected].title
        let screenY = scene.layout.frame(at: selected).minY - scene.scrollOffset
        model.waterfall.selection = selected
        model.handle(.key(.reverseSort))
        let after = model.waterfall
        let moved = try #require(after.selection)
        #expect(after.items[moved].title == title && moved == 80 - selected)
        #expect(abs(after.layout.frame(at: moved).minY - after.scrollOffset - screenY) < 1e-9)
    }

    @Test func randomRemovalsLeaveWhatBruteForceLeaves() throws {
        let count = 80
        var (model, feed, root) = try PictureBrowsingTests.model(count - 1, size: Size(width: 700, height: 500))
        defer { try? FileManager.default.removeItem(atPath: root) }
        var random = SplitMix64(seed: 11)
        var names = model.waterfall.items.map(\.title)
        #expect(names.count == count)
        for round in 0..<12 {
            var scene = model.waterfall
            scene.scroll(toOffset: Double(random.next() % 2_000))
            let selected = Int(random.next() % UInt64(names.count))
            scene.selection = selected
            scene.marks = Set((0..<names.count).filter { _ in random.next() % 4 == 0 })
            model.waterfall = scene
            let top = scene.layout.topItem(at: scene.scrollOffset)
            let markedNames = Set(scene.marks.map { names[$0] })
            // The selection shows or not; the anchor is it when it does, else the top tile.
            let shown = scene.layout.indices(in: scene.visibleRect)
            let anchor = shown.contains(selected) ? selected : top
            let anchorY = anchor.map { scene.layout.frame(at: $0).minY - scene.scrollOffset }

            let removed = Set(
                (0..<names.count).filter { index in
                    random.next() % 5 == 0 || (round == 11 && index > 3)
                })
            feed.remove(Array(removed))
            model.takePictureResults()
            let survivors = names.indices.filter { !removed.contains($0) }
            let expectedNames = survivors.map { names[$0] }
            let after = model.waterfall
            #expect(after.items.map(\.title) == expectedNames, "round \(round)")
            #expect(feed.count == survivors.count && feed.paths.count == survivors.count)
            #expect(
                Set(after.marks.map { after.items[$0].title }) == markedNames.subtracting(removed.map { names[$0] }))
            let next =
                (selected..<names.count).first { !removed.contains($0) }
                ?? (0..<selected).last { !removed.contains($0) }
            #expect(after.selection.map { after.items[$0].title } == next.map { names[$0] })
            if let anchor, !removed.contains(anchor), let anchorY, let moved = survivors.firstIndex(of: anchor) {
                let y = after.layout.frame(at: moved).minY - after.scrollOffset
                // Kept in place unless the shorter grid cannot scroll that far.
                #expect(abs(y - anchorY) < 1e-9 || after.scrollOffset == after.maximumOffset || after.scrollOffset == 0)
            }
            names = expectedNames
        }
        #expect(names.count <= 4 && model.waterfall.items.count == names.count)
    }

    @Test func theForceViewDropsTheCellsOfPicturesThatWentAndKeepsTheOthersInPlace() throws {
        var (model, feed, root) = try PictureBrowsingTests.model(5)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let force = ForceScene.Options()
        let waterfall = WaterfallScene.Options()
        model = ViewerModel(force: force, waterfall: waterfall, pictures: feed, view: .force)
        for _ in 0..<20 { model.advance() }
        let before = (0..<model.force.layout.count).map { model.force.layout.cell(at: $0) }
        #expect(before.map(\.id) == Array(0..<6))
        let kept = [0, 2, 4, 5].map { feed.order[$0] }
        feed.remove([1, 3])
        model.takePictureResults()
        let after = (0..<model.force.layout.count).map { model.force.layout.cell(at: $0) }
        #expect(after.map(\.id) == [0, 2, 4, 5], "the cells of pictures that went go")
        #expect(after.map { model.force.pictureOfCell[$0.id] } == kept, "each cell still shows its picture")
        #expect(after.map(\.position) == [0, 2, 4, 5].map { before[$0].position })
        // Sorted again, every cell keeps its picture and its place.
        feed.sort(.size, descending: true)
        model.takePictureResults()
        let sorted = (0..<model.force.layout.count).map { model.force.layout.cell(at: $0) }
        #expect(sorted.map(\.position) == after.map(\.position))
        #expect(sorted.map { model.force.pictureOfCell[$0.id] } == kept)
    }
}
