import Foundation

/// What a camera wrote about a picture in its EXIF (a JPEG's APP1, a PNG's eXIf): when it was taken,
/// with what, and how it was exposed. The info overlay shows it; sorting by date taken reads it.
public struct PictureExif: Hashable, Sendable {
    /// A fraction as EXIF stores it (RATIONAL).
    public struct Ratio: Hashable, Sendable {
        public var numerator: Int
        public var denominator: Int

        /// Its value; nil for a zero denominator.
        public var value: Double? { denominator == 0 ? nil : Double(numerator) / Double(denominator) }
    }

    /// The camera's maker and model (Make, Model).
    public var make: String?
    public var model: String?
    /// When it was taken, as EXIF writes it: "2024:07:14 18:03:22" (DateTimeOriginal, else DateTime).
    public var dateTaken: String?
    /// Seconds of exposure (ExposureTime), the f-number (FNumber), ISO (ISOSpeedRatings) and the focal
    /// length in millimetres (FocalLength).
    public var exposureTime: Ratio?
    public var fNumber: Ratio?
    public var iso: Int?
    public var focalLength: Ratio?

    /// Reads a TIFF header (`II` or `MM`) and its first IFD with the EXIF sub-IFD; nil when it says
    /// none of these.
    public init?(tiff bytes: [UInt8]) {
        guard let reader = TIFFReader(bytes), let first = reader.offset(at: 4) else { return nil }
        var taken: String?
        for entry in reader.entries(at: first) {
            switch entry.tag {
            case 0x010F: make = reader.text(entry)
            case 0x0110: model = reader.text(entry)
            case 0x0132: taken = reader.text(entry)
            case 0x8769:
                guard let sub = reader.number(entry) else { continue }
                for exif in reader.entries(at: sub) {
                    switch exif.tag {
                    case 0x9003: dateTaken = reader.text(exif)
                    case 0x829A: exposureTime = reader.ratio(exif)
                    case 0x829D: fNumber = reader.ratio(exif)
                    case 0x8827: iso = reader.number(exif)
                    case 0x920A: focalLength = reader.ratio(exif)
                    default: break
                    }
                }
            default: break
            }
        }
        if dateTaken == nil { dateTaken = taken }
        guard make != nil || model != nil || dateTaken != nil || exposureTime != nil || iso != nil else { return nil }
    }

    /// The camera as people name it: the model, after the make unless the model already says it.
    public var camera: String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased()) else { return model }
        return "\(make) \(model)"
    }

    /// The exposure in a line: "1/250 s   f/2.8   ISO 400   35 mm", what is known of it.
    public var exposure: String? {
        var parts: [String] = []
        if let time = exposureTime, let seconds = time.value, seconds > 0 {
            parts.append(seconds < 1 ? "1/\(Int((1 / seconds).rounded())) s" : "\(Self.short(seconds)) s")
        }
        if let aperture = fNumber?.value { parts.append("f/\(Self.short(aperture))") }
        if let iso { parts.append("ISO \(iso)") }
        if let focal = focalLength?.value { parts.append("\(Self.short(focal)) mm") }
        return parts.isEmpty ? nil : parts.joined(separator: "   ")
    }

    /// 2.8 as "2.8", 35.0 as "35".
    private static func short(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))" : "\(tenths / 10)"
    }
}

/// The entries of a TIFF's IFDs, read with the byte order the header names.
private struct TIFFReader {
    struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        var at: Int
    }

    let bytes: [UInt8]
    let little: Bool

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        self.bytes = bytes
    }

    func integer(_ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        var value = 0
        for index in 0..<count { value = value << 8 | Int(bytes[at + (little ? count - 1 - index : index)]) }
        return value
    }

    func offset(at position: Int) -> Int? { integer(position, 4) }

    /// The entries of the IFD at `offset` (at most 512: a damaged count reads no further).
    func entries(at offset: Int) -> [Entry] {
        guard let count = integer(offset, 2) else { return [] }
        return (0..<min(count, 512)).compactMap { index in
            let at = offset + 2 + index * 12
            guard let tag = integer(at, 2), let type = integer(at + 2, 2), let count = integer(at + 4, 4) else {
                return nil
            }
            return Entry(tag: tag, type: type, count: count, at: at + 8)
        }
    }

    /// Where an entry's value starts: in the entry when it fits four bytes, else at its offset.
    private func value(_ entry: Entry, size: Int) -> Int? {
        entry.count * size <= 4 ? entry.at : offset(at: entry.at)
    }

    func text(_ entry: Entry) -> String? {
        guard entry.type == 2, entry.count > 0, entry.count < 4096, let start = value(entry, size: 1),
            start + entry.count <= bytes.count
        else { return nil }
        let text = String(decoding: bytes[start..<start + entry.count].prefix { $0 != 0 }, as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    func number(_ entry: Entry) -> Int? {
        switch entry.type {
        case 3: return integer(entry.at, 2)
        case 4: return integer(entry.at, 4)
        default: return nil
        }
    }

    func ratio(_ entry: Entry) -> PictureExif.Ratio? {
        guard entry.type == 5 || entry.type == 10, let start = offset(at: entry.at),
            let numerator = integer(start, 4), let denominator = integer(start + 4, 4)
        else { return nil }
        return PictureExif.Ratio(numerator: numerator, denominator: denominator)
    }
}
