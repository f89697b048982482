/// Bytes of a file read through `read(offset, count)` in chunks of 4 KB, so a walk byte by byte costs
/// a read per chunk.
struct ByteReader {
    let read: (Int, Int) -> [UInt8]
    private var chunk: [UInt8] = []
    private var start = 0

    init(_ read: @escaping (Int, Int) -> [UInt8]) {
        self.read = read
    }

    /// The byte at `offset`, nil past the end.
    subscript(offset: Int) -> UInt8? {
        mutating get {
            if offset < start || offset - start >= chunk.count {
                start = offset
                chunk = read(offset, 4096)
            }
            return offset - start < chunk.count ? chunk[offset - start] : nil
        }
    }
}
