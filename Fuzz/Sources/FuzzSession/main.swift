import CellscapeViewer

/// A recorded session's text: parsed, and written again when it parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let session = try? RecordedSession.parse(text) else { return 0 }
    _ = RecordedSession.line(session.header)
    for input in session.inputs { _ = RecordedSession.line(input) }
    return 0
}
