/// What a file that is neither a picture nor a video Cellscape reads holds, by its first bytes: said
/// to its user ("not a picture: it holds text") instead of a bare "not a picture".
enum FileContents {
    /// What `start` (a file's first bytes, up to 256) shows the file holds, or nil when it shows nothing known.
    static func said(_ start: [UInt8]) -> String? {
        let bytes = start.prefix(256)
        let head = String(decoding: bytes.prefix(32), as: UTF8.self)
        let starts = { (signature: [UInt8], offset: Int) in
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        let ascii = { (text: String) in Array(text.utf8) }
        for (signature, offset, kind) in Self.signatures where starts(ascii(signature), offset) {
            return kind
        }
        if starts([0x1F, 0x8B], 0) { return "not a picture: gzip-compressed data" }
        // "BM", the file's size, then four reserved bytes of zero (a text starting "BM" is text).
        if starts(ascii("BM"), 0) && bytes.count >= 14 && bytes.dropFirst(6).prefix(4).allSatisfy({ $0 == 0 }) {
            return "a BMP picture: Cellscape reads JPEG, PNG, GIF, WebP, HEIF, AVIF and JPEG XL"
        }
        if starts([0x7F], 0) && starts(ascii("ELF"), 1) { return "not a picture: a program" }
        let text = head.drop { $0.isWhitespace }.lowercased()
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") { return "not a picture: a web page (HTML)" }
        if text.hasPrefix("<svg")
            || (text.hasPrefix("<?xml") && String(decoding: bytes, as: UTF8.self).contains("<svg"))
        {
            return "an SVG drawing: Cellscape reads JPEG, PNG, GIF, WebP, HEIF, AVIF, JPEG XL and videos"
        }
        return isText(Array(bytes)) ? "not a picture: it holds text" : nil
    }

    /// Signatures of common files, at their offsets, and what each is.
    private static let signatures: [(String, Int, String)] = [
        ("%PDF", 0, "not a picture: a PDF document"),
        ("PK\u{3}\u{4}", 0, "not a picture: a ZIP archive"),
        ("ID3", 0, "not a picture: MP3 audio"),
        ("fLaC", 0, "not a picture: FLAC audio"),
        ("OggS", 0, "not a picture: Ogg audio or video, which Cellscape does not play"),
        ("WAVE", 8, "not a picture: WAV audio"),
        ("AVI ", 8, "an AVI video: Cellscape plays MP4, MOV, WebM and MKV"),
        ("II*\u{0}", 0, "a TIFF picture: Cellscape reads JPEG, PNG, GIF, WebP, HEIF, AVIF and JPEG XL"),
        ("MM\u{0}*", 0, "a TIFF picture: Cellscape reads JPEG, PNG, GIF, WebP, HEIF, AVIF and JPEG XL"),
    ]

    /// Whether `bytes` read as text: UTF-8 (a character cut at the end allowed) without control
    /// characters but tabs and line ends.
    static func isText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        var end = bytes.count
        // A character cut by the sample's end: drop its lead and continuation bytes.
        while end > 0 && end > bytes.count - 4 && bytes[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0 && bytes[end - 1] >= 0xC0 { end -= 1 }
        let sample = Array(bytes[..<end])
        guard String(validating: sample, as: UTF8.self) != nil else { return false }
        return sample.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
