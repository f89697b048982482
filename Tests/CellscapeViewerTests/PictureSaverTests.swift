import Dispatch
import Foundation
import Testing

@testable import CellscapePictures
@testable import CellscapeViewer

/// Saving the marked or selected pictures into a folder: a file copied, a remote item's original as
/// its source gives it, each under its own name and never over another file; one line a batch.
@Suite struct PictureSaverTests {
    static func item(_ name: String) -> PictureDetails {
        PictureDetails(name: name, page: URL(string: "https://files.example/\(name)"))
    }

    /// Saves `pictures` and waits (on the saver's wake, no sleep) for its line; `originals` answers
    /// for remote items, by name.
    static func save(
        _ pictures: [SavedPicture], into folder: String, originals: [String: Result<[UInt8], SaveProblem>]
    ) -> [PictureSaver.Message] {
        let woken = DispatchSemaphore(value: 0)
        let saver = PictureSaver(folder: folder) { woken.signal() }
        saver.save(pictures) { item, answer in
            let result = originals[item.name] ?? .failure(SaveProblem("not asked for"))
            DispatchQueue.global().async { answer(result) }
        }
        _ = woken.wait(timeout: .now() + 60)
        return saver.takeMessages()
    }

    @Test func filesAndRemoteItemsAreSavedUnderTheirNamesNeverOverAnother() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("saver-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/from", withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: root + "/from/local.png"))
        let folder = root + "/saved/deeper"
        let pictures = [
            SavedPicture(path: root + "/from/local.png"),
            SavedPicture(path: "cat.gif", details: Self.item("cat.gif")),
            // A name from a server never climbs out of the folder.
            SavedPicture(path: "x", details: Self.item("../../escape.webp")),
        ]
        let originals: [String: Result<[UInt8], SaveProblem>] = [
            "cat.gif": .success([7, 7]), "../../escape.webp": .success([9]),
        ]
        #expect(
            Self.save(pictures, into: folder, originals: originals) == [
                .init(text: "saved 3 to \(folder)", failed: false)
            ])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["cat.gif", "escape.webp", "local.png"])
        #expect(FileManager.default.contents(atPath: folder + "/cat.gif") == Data([7, 7]))
        // Again: beside the first, each under the next free name.
        #expect(
            Self.save(Array(pictures[0..<2]), into: folder, originals: originals).map(\.text) == [
                "saved 2 to \(folder)"
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == ["cat-2.gif", "cat.gif", "escape.webp", "local-2.png", "local.png"])
        #expect(FileManager.default.contents(atPath: folder + "/local-2.png") == Data([1, 2, 3]))
    }

    @Test func whatCouldNotBeSavedIsSaidWithWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("saver-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let messages = Self.save(
            [
                SavedPicture(path: "a.gif", details: Self.item("a.gif")),
                SavedPicture(path: "b.gif", details: Self.item("b.gif")),
                SavedPicture(path: folder + "/missing.png"),
            ], into: folder,
            originals: ["a.gif": .success([1]), "b.gif": .failure(SaveProblem("media.example answered 404"))])
        #expect(messages.count == 1 && messages[0].failed)
        #expect(messages[0].text.hasPrefix("saved 1 to \(folder); could not save "))
        #expect(messages[0].text.hasSuffix(" (and 1 more)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/b.gif"))
        // Nothing half-written is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.gif"])
    }
}
