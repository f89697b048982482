import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender

/// Output files appear whole, and never replace a device or a symbolic link.
@Suite struct OutputPathTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test func aDeviceIsWrittenInPlace() {
        #expect(OutputPath(for: "/dev/null") == OutputPath(writing: "/dev/null", renamingTo: nil))
    }

    @Test func aNewFileIsWrittenBesideItselfAndRenamed() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/new.png"
        #expect(OutputPath(for: path) == OutputPath(writing: path + ".partial", renamingTo: path))
    }

    /// A snapshot written through a link goes to the file the link names; the link stays a link.
    @Test func aLinkKeepsPointingAtTheNewContents() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/target.png"
        let link = directory + "/link.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        let frame = Framebuffer(width: 4, height: 3)
        try PNGFile.write(frame, to: link)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try PNGFile.read(from: target).packedPixels == frame.packedPixels)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["link.png", "target.png"])
    }
}
