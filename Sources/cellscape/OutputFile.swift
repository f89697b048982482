import CellscapeCore
import Foundation

/// The files the commands write: whole or not at all, and never replacing a device or a link.
enum OutputFile {
    /// Writes `text` to `path` as ``OutputPath`` plans it; a failure is one line naming the path.
    static func write(_ text: String, to path: String) throws {
        let output = OutputPath(for: path)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output.writing))
        } catch {
            output.abandon()
            throw CommandError("cannot write \(path): \((error as NSError).localizedFailureReason ?? "failed")")
        }
        if let reason = output.finish() { throw CommandError("cannot write \(path): \(reason)") }
    }

    /// Opens `path` for writing line by line, created or emptied in place (a file the viewer appends
    /// to as it records: a crash keeps what was written).
    static func appending(to path: String) throws -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
