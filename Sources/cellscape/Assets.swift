import Foundation

/// Files of the project's `assets/` folder: next to the program (in the source tree it was built in,
/// `.build/<triple>/<configuration>/cellscape`, or an installed `share/cellscape`), then under
/// `cellscape/` in `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`, where `make install` puts them.
enum Assets {
    /// The path of an asset, if it can be found.
    static func path(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        candidates(name, environment: environment).first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// The path of an asset, or `nil` after one line on standard error saying what is missing and what
    /// the program does without it.
    static func path(_ name: String, withoutIt consequence: String) -> String? {
        if let found = path(name) { return found }
        FileHandle.standardError.write(
            Data(
                ("cellscape: \(name) not found next to the program or under cellscape/ in $XDG_DATA_HOME or "
                    + "$XDG_DATA_DIRS; \(consequence)\n").utf8))
        return nil
    }

    /// Where an asset may be, in the order they are tried.
    static func candidates(_ name: String, environment: [String: String]) -> [String] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent().path
        var places = ["\(directory)/../../../assets", "\(directory)/../share/cellscape", "\(directory)/assets"]
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        places.append("\(dataHome)/cellscape")
        places += dataDirs.split(separator: ":").map { "\($0)/cellscape" }
        return places.map { "\($0)/\(name)" }
    }
}
