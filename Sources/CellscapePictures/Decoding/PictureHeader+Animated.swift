/// The headers of the formats that animate: GIF (a second frame looked for) and WebP (its first chunk).
extension PictureHeader {
    /// Whether a GIF has a second frame: its blocks walked by their lengths up to the second image
    /// descriptor, or to the end.
    private static func gifIsAnimated(_ read: @escaping (Int, Int) -> [UInt8]) -> Bool {
        var bytes = ByteReader(read)
        let colourTable = { (packed: UInt8) in packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0 }
        guard let screen = bytes[10] else { return false }
        var offset = 13 + colourTable(screen)
        var frames = 0
        func skipSubBlocks() {
            while let size = bytes[offset], size != 0 { offset += Int(size) + 1 }
            offset += 1
        }
        while let introducer = bytes[offset] {
            switch introducer {
            case 0x21:
                offset += 2
                skipSubBlocks()
            case 0x2C:
                frames += 1
                if frames == 2 { return true }
                guard let packed = bytes[offset + 9] else { return false }
                offset += 10 + colourTable(packed) + 1
                skipSubBlocks()
            default: return false
            }
        }
        return false
    }

    /// A GIF's logical screen: the canvas its frames are drawn on.
    static func gif(_ start: [UInt8], _ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        guard start.count >= 10 else { return nil }
        let width = Int(start[6]) | Int(start[7]) << 8
        let height = Int(start[8]) | Int(start[9]) << 8
        guard width > 0, height > 0 else { return nil }
        var header = PictureHeader(format: .gif, width: width, height: height)
        header.isAnimated = gifIsAnimated(read)
        return header
    }

    /// A WebP's size from its first chunk: the canvas of an extended file (VP8X), or the frame of a
    /// simple lossy (VP8) or lossless (VP8L) one.
    static func webp(_ start: [UInt8]) -> PictureHeader? {
        guard start.count >= 30 else { return nil }
        let little = { (at: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(start[at + $1]) << (8 * $1) } }
        let width: Int
        let height: Int
        switch String(decoding: start[12..<16], as: UTF8.self) {
        case "VP8X":
            width = little(24, 3) + 1
            height = little(27, 3) + 1
        case "VP8 ":
            guard start[23] == 0x9D, start[24] == 0x01, start[25] == 0x2A else { return nil }
            width = little(26, 2) & 0x3FFF
            height = little(28, 2) & 0x3FFF
        case "VP8L":
            guard start[20] == 0x2F else { return nil }
            let bits = little(21, 4)
            width = (bits & 0x3FFF) + 1
            height = (bits >> 14 & 0x3FFF) + 1
        default: return nil
        }
        guard width > 0, height > 0 else { return nil }
        var header = PictureHeader(format: .webp, width: width, height: height)
        // The extended header's flags: bit 1 marks an animation.
        header.isAnimated = String(decoding: start[12..<16], as: UTF8.self) == "VP8X" && start[20] & 0x02 != 0
        return header
    }
}
