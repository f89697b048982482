import Foundation
import Testing

@testable import CellscapeViewer

/// Folders give their pictures in natural order, once each, whatever links lead back into them.
@Suite struct PictureFilesTests {
    @Test func naturalOrderComparesNumbersAsNumbers() {
        let names = ["img10.png", "img2.png", "Img1.png", "img02b.png", "b.png", "a10x.png", "a9x.png", "img2.jpg"]
        #expect(
            names.sorted(by: PictureFiles.naturallyPrecedes) == [
                "a9x.png", "a10x.png", "b.png", "Img1.png", "img2.jpg", "img2.png", "img02b.png", "img10.png",
            ])
    }

    @Test func foldersRecurseOnceAndSkipOtherFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-files-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/sub/deeper", withIntermediateDirectories: true)
        for name in ["img10.jpg", "img2.PNG", "notes.txt", ".hidden.png", "sub/a.jpeg", "sub/deeper/z.png"] {
            manager.createFile(atPath: "\(root)/\(name)", contents: Data())
        }
        try manager.createSymbolicLink(atPath: root + "/sub/deeper/loop", withDestinationPath: root)
        let flat = PictureFiles([root], recursive: false)
        #expect(flat.paths == ["\(root)/img2.PNG", "\(root)/img10.jpg"] && flat.skipped == 1)
        let deep = PictureFiles([root], recursive: true)
        #expect(
            deep.paths == [
                "\(root)/img2.PNG", "\(root)/img10.jpg", "\(root)/sub/a.jpeg", "\(root)/sub/deeper/z.png",
            ])
        let missing = PictureFiles([root + "/nope"], recursive: false)
        #expect(missing.paths.isEmpty && missing.problems.count == 1)
    }
}
