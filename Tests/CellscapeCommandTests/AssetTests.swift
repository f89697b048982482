import Foundation
import Testing

/// Copied out of the build folder, the program finds its assets where `make install` puts them, and
/// says in one line when it cannot.
@Suite struct AssetTests {
    /// A copy of the program in a folder of its own, and a data folder beside it.
    static func installedCopy() throws -> (program: URL, data: URL, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-assets-\(UUID())")
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let program = bin.appendingPathComponent("cellscape")
        // Copied by a child process: a copy written here would be open for writing in any child another
        // test's thread forks meanwhile, and running it could then fail with "text file busy".
        let copy = try CommandRunner.run(
            [CommandRunner.executable.path, program.path], executable: URL(fileURLWithPath: "/bin/cp"))
        #expect(copy.status == 0, "\(copy.error)")
        return (program, root.appendingPathComponent("data"), root)
    }

    /// The catalog in the source tree, found from this file (the build folder may be anywhere).
    static func catalogSource() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/waterfall-items.json")
    }

    @Test func theBundledCatalogIsFoundUnderXDGDataHome() throws {
        let (program, data, root) = try Self.installedCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out.png").path
        let environment = ["HOME": root.path, "XDG_DATA_DIRS": root.appendingPathComponent("none").path]
        let missing = try CommandRunner.run(
            ["snapshot", "--view", "waterfall", "--out", out], executable: program, environment: environment)
        #expect(missing.status == 0)
        #expect(missing.error.split(separator: "\n").count == 1)
        #expect(missing.error.contains("waterfall-items.json not found"), "\(missing.error)")

        let folder = data.appendingPathComponent("cellscape")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.catalogSource(), to: folder.appendingPathComponent("waterfall-items.json"))
        var withData = environment
        withData["XDG_DATA_HOME"] = data.path
        let found = try CommandRunner.run(
            ["snapshot", "--view", "waterfall", "--out", out], executable: program, environment: withData)
        #expect(found.status == 0 && found.error.isEmpty, "\(found.error)")
    }
}
