import CellscapeLayout
import Foundation

/// What a replay must reproduce, bit for bit: the view, the window size, pause, the steps taken, every
/// cell's id and position, the waterfall's scroll offset, item count and selection, and the picture
/// open over it with its zoom and centre.
///
/// Its JSON (`cellscape replay --state`, `--state-on-exit`) writes every number in its shortest exact
/// form; its digest (``ViewerModel/stateDigest``) is what session files carry to find where a replay went another way.
public struct ViewerState: Codable, Hashable, Sendable {
    /// One cell: its id and position.
    public struct CellPosition: Codable, Hashable, Sendable {
        public var id: Int
        public var x: Double
        public var y: Double
    }

    public var view: ViewerModel.View
    public var width: Double
    public var height: Double
    public var paused: Bool
    public var steps: Int
    public var cells: [CellPosition]
    public var scroll: Double
    public var items: Int
    public var selection: Int?
    /// The picture open over the waterfall, if any (left out of the JSON when none).
    public var open: OpenPicture?
    /// The marked pictures, in order (left out of the JSON when none).
    public var marks: [Int]?
    /// Whether a slideshow runs (left out of the JSON when not).
    public var slideshow: Bool?

    /// The picture open over the waterfall: which, its zoom (nil while it fits the window) and the
    /// picture point at the window's centre.
    public struct OpenPicture: Codable, Hashable, Sendable {
        public var index: Int
        public var zoom: Double?
        public var x: Double
        public var y: Double
        /// Quarter turns clockwise, when turned (left out of the JSON when not).
        public var turns: Int?
        /// Whether flipped left to right after the turns (left out when not).
        public var mirrored: Bool?
    }

    /// The state of `model`.
    public init(of model: ViewerModel) {
        view = model.view
        width = model.size.width
        height = model.size.height
        paused = model.force.isPaused
        steps = model.force.layout.stepCount
        cells = model.force.layout.cells.map { CellPosition(id: $0.id, x: $0.position.x, y: $0.position.y) }
        scroll = model.waterfall.scrollOffset
        items = model.waterfall.itemCount
        selection = model.waterfall.selection
        marks = model.waterfall.marks.isEmpty ? nil : model.waterfall.marks.sorted()
        slideshow = model.waterfall.slideshowRuns ? true : nil
        open = model.waterfall.openPicture.map {
            OpenPicture(
                index: $0.index, zoom: $0.zoom, x: $0.center.x, y: $0.center.y,
                turns: $0.quarterTurns == 0 ? nil : $0.quarterTurns, mirrored: $0.mirrored ? true : nil)
        }
    }

    /// The state as one line of JSON, keys in a fixed order.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension ViewerModel {
    /// A 64-bit digest of ``ViewerState`` (FNV-1a over every value's bits), cheap enough to take after
    /// every input: equal states give equal digests, and a replay that went another way shows at once.
    public var stateDigest: StateDigest {
        var digest = StateDigest()
        digest.add(UInt64(view == .force ? 1 : 2))
        digest.add(size.width.bitPattern)
        digest.add(size.height.bitPattern)
        digest.add(force.isPaused ? 1 : 0)
        digest.add(UInt64(force.layout.stepCount))
        for index in 0..<force.layout.count {
            let cell = force.layout.cell(at: index)
            digest.add(UInt64(bitPattern: Int64(cell.id)))
            digest.add(cell.position.x.bitPattern)
            digest.add(cell.position.y.bitPattern)
        }
        digest.add(waterfall.scrollOffset.bitPattern)
        digest.add(UInt64(waterfall.itemCount))
        digest.add(waterfall.selection.map { UInt64($0) + 1 } ?? 0)
        // Added only while a picture is open, so sessions without one keep their digests.
        if let open = waterfall.openPicture {
            digest.add(UInt64(open.index))
            digest.add(open.zoom?.bitPattern ?? 0)
            digest.add(open.center.x.bitPattern)
            digest.add(open.center.y.bitPattern)
            if open.quarterTurns != 0 || open.mirrored {
                digest.add(UInt64(open.quarterTurns * 2 + (open.mirrored ? 1 : 0)))
            }
        }
        if waterfall.slideshowRuns { digest.add(0x5_11DE) }
        // Likewise only with marks.
        for mark in waterfall.marks.sorted() { digest.add(UInt64(mark) | 1 << 63) }
        return digest
    }
}

/// A 64-bit FNV-1a digest, written as 16 hexadecimal digits.
public struct StateDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The digest's value.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The digest of nothing.
    public init() {}

    /// Takes the digest written as 16 hexadecimal digits.
    public init?(hex: String) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// Adds the eight bytes of `word`, lowest first.
    public mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            value = (value ^ (word >> UInt64(shift) & 0xFF)) &* 0x100_0000_01B3
        }
    }

    /// Adds the bytes of a string.
    public mutating func add(_ text: String) {
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }

    /// The digest as 16 hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let digest = StateDigest(hex: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a digest: '\(text)'"))
        }
        self = digest
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
