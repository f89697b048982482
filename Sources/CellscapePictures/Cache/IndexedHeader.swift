/// A picture's header as the index keeps it: a few bytes, read back exactly, and refused whole when
/// they do not read as written (an index damaged on disk is never trusted).
enum IndexedHeader {
    /// The layout of the bytes; a header written by another is not read.
    static let version: UInt8 = 1

    /// `header`'s bytes (its file's size and time are the index's key, not kept here).
    static func bytes(of header: PictureHeader) -> [UInt8] {
        var writer = Writer()
        writer.byte(version)
        writer.byte(UInt8(PictureHeader.Format.allCases.firstIndex(of: header.format)!))
        writer.number(header.storedWidth)
        writer.number(header.storedHeight)
        writer.byte(UInt8(header.orientation.rawValue))
        var flags: UInt8 = header.isAnimated ? 1 : 0
        if header.hidesDefaultImage { flags |= 2 }
        if header.hasAudio { flags |= 4 }
        writer.byte(flags)
        writer.double(header.seconds)
        let exif = header.exif
        writer.byte(exif == nil ? 0 : 1)
        if let exif {
            for text in [exif.make, exif.model, exif.dateTaken] { writer.text(text) }
            for ratio in [exif.exposureTime, exif.fNumber, exif.focalLength] { writer.ratio(ratio) }
            writer.optional(exif.iso)
        }
        return writer.bytes
    }

    /// The header `bytes` hold, or nil when they are not what ``bytes(of:)`` writes.
    static func header(from bytes: [UInt8]) -> PictureHeader? {
        var reader = Reader(bytes: bytes)
        guard reader.byte() == version, let format = reader.byte(), Int(format) < PictureHeader.Format.allCases.count,
            let width = reader.number(), let height = reader.number(), width > 0, height > 0,
            let orientation = reader.byte().flatMap({ PictureOrientation(rawValue: Int($0)) }),
            let flags = reader.byte(), let seconds = reader.double(), let hasExif = reader.byte(), hasExif <= 1
        else { return nil }
        var header = PictureHeader(
            format: PictureHeader.Format.allCases[Int(format)], storedWidth: width, storedHeight: height,
            orientation: orientation)
        header.isAnimated = flags & 1 != 0
        header.hidesDefaultImage = flags & 2 != 0
        header.hasAudio = flags & 4 != 0
        header.seconds = seconds
        if hasExif == 1 {
            var exif = PictureExif()
            guard let make = reader.text(), let model = reader.text(), let taken = reader.text(),
                let exposure = reader.ratio(), let fNumber = reader.ratio(), let focal = reader.ratio(),
                let iso = reader.optional()
            else { return nil }
            (exif.make, exif.model, exif.dateTaken) = (make, model, taken)
            (exif.exposureTime, exif.fNumber, exif.focalLength, exif.iso) = (exposure, fNumber, focal, iso)
            header.exif = exif
        }
        return reader.isAtEnd ? header : nil
    }

    /// `bytes` followed by a seal over them and the row's key (FNV-1a, 64 bits): a row whose pages were
    /// overwritten, or moved under another key, does not pass ``unsealed(_:path:size:modified:)``.
    static func sealed(_ bytes: [UInt8], path: String, size: Int64, modified: Int64) -> [UInt8] {
        let seal = self.seal(bytes, path: path, size: size, modified: modified)
        return bytes + (0..<8).map { UInt8(truncatingIfNeeded: seal >> (8 * $0)) }
    }

    /// The bytes `sealed` holds when its seal matches them and the key, else nil.
    static func unsealed(_ sealed: [UInt8], path: String, size: Int64, modified: Int64) -> [UInt8]? {
        guard sealed.count > 8 else { return nil }
        let bytes = Array(sealed.dropLast(8))
        let seal = sealed.suffix(8).enumerated().reduce(UInt64(0)) {
            $0 | UInt64($1.element) << (8 * UInt64($1.offset))
        }
        return seal == self.seal(bytes, path: path, size: size, modified: modified) ? bytes : nil
    }

    private static func seal(_ bytes: [UInt8], path: String, size: Int64, modified: Int64) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let mix = { (byte: UInt8) in hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for byte in path.utf8 { mix(byte) }
        for value in [size, modified] { for shift in 0..<8 { mix(UInt8(truncatingIfNeeded: value >> (8 * shift))) } }
        for byte in bytes { mix(byte) }
        return hash
    }

    private struct Writer {
        var bytes: [UInt8] = []
        mutating func byte(_ value: UInt8) { bytes.append(value) }
        /// A LEB128 number: a picture's sides in two or three bytes.
        mutating func number(_ value: Int) {
            var rest = UInt64(bitPattern: Int64(value))
            repeat {
                let low = UInt8(rest & 0x7F)
                rest >>= 7
                bytes.append(rest == 0 ? low : low | 0x80)
            } while rest != 0
        }
        mutating func optional(_ value: Int?) {
            byte(value == nil ? 0 : 1)
            if let value { number(value) }
        }
        mutating func double(_ value: Double?) {
            byte(value == nil ? 0 : 1)
            if let value { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
        }
        mutating func text(_ value: String?) {
            optional(value.map { $0.utf8.count })
            if let value { bytes += value.utf8 }
        }
        mutating func ratio(_ value: PictureExif.Ratio?) {
            byte(value == nil ? 0 : 1)
            if let value {
                number(value.numerator)
                number(value.denominator)
            }
        }
    }

    /// Reads what ``Writer`` wrote; every read nil past the end or on a value out of bounds.
    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        var isAtEnd: Bool { at == bytes.count }

        mutating func byte() -> UInt8? {
            guard at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }
        mutating func number() -> Int? {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                guard let next = byte() else { return nil }
                value |= UInt64(next & 0x7F) << UInt64(shift)
                if next & 0x80 == 0 { return Int(truncatingIfNeeded: Int64(bitPattern: value)) }
            }
            return nil
        }
        /// A present value, or nil inside when absent; nil outside when unreadable.
        mutating func optional() -> Int?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return number().map { .some($0) }
            default: return nil
            }
        }
        mutating func double() -> Double?? {
            switch byte() {
            case 0: return .some(nil)
            case 1:
                guard at + 8 <= bytes.count else { return nil }
                var bits: UInt64 = 0
                for index in 0..<8 { bits |= UInt64(bytes[at + index]) << UInt64(8 * index) }
                at += 8
                return .some(Double(bitPattern: bits))
            default: return nil
            }
        }
        mutating func text() -> String?? {
            guard let count = optional() else { return nil }
            guard let count else { return .some(nil) }
            guard count >= 0, count <= 4096, at + count <= bytes.count else { return nil }
            defer { at += count }
            return .some(String(decoding: bytes[at..<at + count], as: UTF8.self))
        }
        mutating func ratio() -> PictureExif.Ratio?? {
            switch byte() {
            case 0: return .some(nil)
            case 1:
                guard let numerator = number(), let denominator = number() else { return nil }
                return .some(PictureExif.Ratio(numerator: numerator, denominator: denominator))
            default: return nil
            }
        }
    }
}

extension PictureHeader {
    /// A header of `format`, stored `storedWidth` x `storedHeight`, turned by `orientation`; the rest
    /// as a still's.
    init(format: Format, storedWidth: Int, storedHeight: Int, orientation: PictureOrientation) {
        self.init(format: format, width: storedWidth, height: storedHeight, orientation: orientation)
    }
}

extension PictureExif {
    /// An EXIF that says nothing yet.
    init() {}
}
