import Foundation
import Testing

@testable import CellscapePictures

/// The freedesktop.org trash: a file moves with its info into the trash of its own file system, a
/// name taken is numbered, undo puts it back, and a move that fails leaves nothing behind.
@Suite struct TrashCanTests {
    static func folder(in parent: String = FileManager.default.temporaryDirectory.path) throws -> String {
        let path = "\(parent)/cellscape-trash-\(UUID())"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileMovesWithItsInfoAndComesBack() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let trash = TrashCan(environment: ["XDG_DATA_HOME": root + "/data", "HOME": root])
        #expect(trash.home == root + "/data/Trash")
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        let first = root + "/photos/holiday (1) ü.jpg"
        let second = root + "/photos/other/holiday (1) ü.jpg"
        try FileManager.default.createDirectory(atPath: root + "/photos/other", withIntermediateDirectories: true)
        try Data("first".utf8).write(to: URL(fileURLWithPath: first))
        try Data("second".utf8).write(to: URL(fileURLWithPath: second))
        let moved = try trash.trash(first)
        let movedToo = try trash.trash(second)
        #expect(moved.trashed == trash.home + "/files/holiday (1) ü.jpg")
        #expect(movedToo.trashed == trash.home + "/files/holiday (1) ü.2.jpg", "a name taken is numbered")
        #expect(!FileManager.default.fileExists(atPath: first))
        #expect(try String(contentsOfFile: moved.trashed, encoding: .utf8) == "first")
        let info = try String(contentsOfFile: moved.info, encoding: .utf8)
        let escapedRoot = TrashCan.escaped(root)
        #expect(
            info.hasPrefix("[Trash Info]\nPath=\(escapedRoot)/photos/holiday%20%281%29%20%C3%BC.jpg\nDeletionDate="))
        #expect(info.range(of: #"DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\n$"#, options: .regularExpression) != nil)
        try trash.restore(moved)
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "first")
        #expect(
            !FileManager.default.fileExists(atPath: moved.info)
                && !FileManager.default.fileExists(atPath: moved.trashed))
        // Another file took the place of the second: it stays in the trash, with its info.
        try Data("new".utf8).write(to: URL(fileURLWithPath: second))
        #expect(throws: TrashCan.Failure.self) { try trash.restore(movedToo) }
        #expect(
            FileManager.default.fileExists(atPath: movedToo.trashed)
                && FileManager.default.fileExists(atPath: movedToo.info))
    }

    @Test func aMissingFileOrATakenNameLeavesNoStrayInfo() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let trash = TrashCan(environment: ["XDG_DATA_HOME": root + "/data"])
        #expect(throws: TrashCan.Failure.self) { try trash.trash(root + "/missing.jpg") }
        let locked = root + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: locked + "/a.jpg"))
        _ = try trash.trash(locked + "/a.jpg")
        let infos = try FileManager.default.contentsOfDirectory(atPath: trash.home + "/info")
        #expect(infos == ["a.jpg.trashinfo"])
        try FileManager.default.createDirectory(atPath: trash.home + "/files/b.jpg", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: locked + "/b.jpg/inside", withIntermediateDirectories: true)
        // files/b.jpg is taken by a folder another program left without info: the name is skipped.
        let moved = try trash.trash(locked + "/b.jpg")
        #expect(moved.trashed.hasSuffix("/files/b.2.jpg"))
        let after = try FileManager.default.contentsOfDirectory(atPath: trash.home + "/info").sorted()
        #expect(after == ["a.jpg.trashinfo", "b.2.jpg.trashinfo"], "the info written for the taken name went")
    }

    /// On another file system than the home trash (tmpfs here), the file goes to `$topdir/.Trash-$uid`
    /// with a path relative to the top.
    @Test func aFileOnAnotherFileSystemGoesToItsOwnTrash() throws {
        var shm = stat()
        var temporary = stat()
        guard stat("/dev/shm", &shm) == 0, stat(FileManager.default.temporaryDirectory.path, &temporary) == 0 else {
            Issue.record("no /dev/shm to test with")
            return
        }
        try #require(shm.st_dev != temporary.st_dev, "/dev/shm is on the temporary folder's file system")
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let root = try Self.folder(in: "/dev/shm")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/a b.png"
        try Data("shm".utf8).write(to: URL(fileURLWithPath: file))
        let moved = try TrashCan(environment: ["XDG_DATA_HOME": home]).trash(file)
        let name = (root as NSString).lastPathComponent
        #expect(moved.trashed == "/dev/shm/.Trash-\(getuid())/files/a b.png")
        let info = try String(contentsOfFile: moved.info, encoding: .utf8)
        #expect(info.contains("\nPath=\(name)/a%20b.png\n"), "\(info)")
        try? FileManager.default.removeItem(atPath: "/dev/shm/.Trash-\(getuid())")
    }
}
