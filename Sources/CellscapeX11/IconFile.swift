import CellscapeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The window icon, `assets/icon.png`, found next to the program: in the source tree it was built in
/// (`.build/<triple>/release/cellscape`) or in an installed `share/cellscape`.
enum IconFile {
    static func load() -> Framebuffer? {
        guard let directory = executableDirectory else { return nil }
        let candidates = [
            directory + "/../../../assets/icon.png",
            directory + "/../share/cellscape/icon.png",
            directory + "/assets/icon.png",
        ]
        for path in candidates where access(path, R_OK) == 0 {
            if let icon = try? PNGFile.read(from: path) { return icon }
        }
        return nil
    }

    private static var executableDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
