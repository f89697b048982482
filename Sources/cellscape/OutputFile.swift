import CellscapeRender
import Foundation

/// The files the commands write: whole or not at all, and never replacing a device or a link.
enum OutputFile {
    /// Writes `text` to `path` as ``OutputPath`` plans it; a failure is one line naming the path.
    static func write(_ text: String, to path: String) throws {
        let reason = Array(text.utf8).withUnsafeBytes { OutputPath(for: path).write($0) }
        if let reason { throw CommandError("cannot write \(path): \(reason)") }
    }

    /// Opens `path` for writing line by line, created or emptied in place (a file the viewer appends
    /// to as it records: a crash keeps what was written).
    static func appending(to path: String) throws -> FileHandle {
        try open(path, named: path)
    }

    /// Opens `file` for writing, created or emptied; errors name `path`, the path the user gave.
    private static func open(_ file: String, named path: String) throws -> FileHandle {
        let descriptor = Foundation.open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
