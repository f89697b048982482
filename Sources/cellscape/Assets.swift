import Foundation

/// Files of the project's `assets/` folder, found next to the program: in the source tree it was built
/// in (`.build/<triple>/<configuration>/cellscape`), or in an installed `share/cellscape`.
enum Assets {
    /// The path of an asset, if it can be found.
    static func path(_ name: String) -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent().path
        let candidates = [
            "\(directory)/../../../assets/\(name)", "\(directory)/../share/cellscape/\(name)",
            "\(directory)/assets/\(name)",
        ]
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }
}
