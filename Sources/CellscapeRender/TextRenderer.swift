import CFreeType
import CellscapeLayout

/// Draws text into a ``Framebuffer`` with FreeType, in a font that fontconfig matches.
///
/// Each glyph is rendered once, as an 8-bit coverage bitmap, and blended from the cache afterwards. A
/// character the font lacks (a Japanese file name in DejaVu Sans) comes from the font fontconfig
/// names for it, as desktop toolkits fall back.
public final class TextRenderer {
    /// The font file that fontconfig chose.
    public let fontPath: String
    /// The distance from one baseline to the next, in pixels.
    public let lineHeight: Int
    /// The distance from the top of a line to its baseline, in pixels.
    public let ascent: Int

    private var library: FT_Library?
    private var face: FT_Face?
    private var glyphs: [Unicode.Scalar: Glyph] = [:]
    private let family: String
    private let pixelSize: Int
    /// Fonts loaded for characters the first one lacks, in the order they were needed.
    private var fallbackFaces: [(path: String, face: FT_Face)] = []

    /// The error when no font can be found or loaded.
    public struct FontError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Loads the font fontconfig matches for `family`, at `pixelSize` pixels per em.
    public init(family: String = "DejaVu Sans", pixelSize: Int = 14) throws {
        guard let path = Self.matchFont(family) else {
            throw FontError(description: "fontconfig found no font for '\(family)'")
        }
        fontPath = path
        self.family = family
        self.pixelSize = max(1, pixelSize)
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(description: "FreeType did not start")
        }
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError(description: "FreeType cannot read the font '\(path)'")
        }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, pixelSize)))
        let metrics = face.pointee.size.pointee.metrics
        ascent = Int(metrics.ascender >> 6)
        lineHeight = Int(metrics.height >> 6)
    }

    deinit {
        for fallback in fallbackFaces { FT_Done_Face(fallback.face) }
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The width of `text` in pixels.
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + glyph(for: $1).advance }
    }

    /// Draws one line of text with the top of the line at `y` and its left edge at `x`, inside `clip`
    /// (by default the whole frame).
    public func draw(_ text: String, x: Int, y: Int, color: Color, into frame: Framebuffer, clip: Rect? = nil) {
        var penX = x
        let baseline = y + ascent
        let pixel = color.pixel
        let bounds = PixelBounds(clip: clip, frame: frame)
        for scalar in text.unicodeScalars {
            let glyph = glyph(for: scalar)
            glyph.draw(pixel: pixel, left: penX + glyph.left, top: baseline - glyph.top, into: frame, within: bounds)
            penX += glyph.advance
        }
    }

    /// `text`, shortened with an ellipsis if needed, so that it is at most `width` pixels wide.
    public func truncated(_ text: String, toWidth width: Int) -> String {
        guard self.width(of: text) > width else { return text }
        var scalars = Array(text.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            var candidate = String.UnicodeScalarView()
            candidate.append(contentsOf: scalars)
            let shortened = String(candidate) + "\u{2026}"
            if self.width(of: shortened) <= width { return shortened }
        }
        return ""
    }

    private func glyph(for scalar: Unicode.Scalar) -> Glyph {
        if let glyph = glyphs[scalar] { return glyph }
        let glyph = render(scalar)
        glyphs[scalar] = glyph
        return glyph
    }

    /// The face that has `scalar`: the font's own, else a fallback fontconfig finds for it.
    private func face(for scalar: Unicode.Scalar) -> FT_Face? {
        guard let face, FT_Get_Char_Index(face, FT_ULong(scalar.value)) == 0, scalar.value > 0x20 else { return face }
        // A fallback loaded for one character mostly has its neighbours (one CJK font has them all).
        if let loaded = fallbackFaces.first(where: { FT_Get_Char_Index($0.face, FT_ULong(scalar.value)) != 0 }) {
            return loaded.face
        }
        guard let path = Self.matchFont(family, containing: scalar), path != fontPath,
            !fallbackFaces.contains(where: { $0.path == path })
        else { return face }
        var fallback: FT_Face?
        guard FT_New_Face(library, path, 0, &fallback) == 0, let fallback else { return face }
        FT_Set_Pixel_Sizes(fallback, 0, FT_UInt(pixelSize))
        fallbackFaces.append((path, fallback))
        return fallback
    }

    private func render(_ scalar: Unicode.Scalar) -> Glyph {
        guard let face = face(for: scalar),
            FT_Load_Char(face, FT_ULong(scalar.value), Int32(cellscape_ft_load_render())) == 0,
            let slot = face.pointee.glyph
        else { return Glyph() }
        let bitmap = slot.pointee.bitmap
        var coverage = [UInt8](repeating: 0, count: Int(bitmap.width) * Int(bitmap.rows))
        if let buffer = bitmap.buffer {
            for row in 0..<Int(bitmap.rows) {
                for column in 0..<Int(bitmap.width) {
                    coverage[row * Int(bitmap.width) + column] = buffer[row * Int(bitmap.pitch) + column]
                }
            }
        }
        return Glyph(
            width: Int(bitmap.width), rows: Int(bitmap.rows), left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), advance: Int(slot.pointee.advance.x >> 6), coverage: coverage)
    }

    /// The file of the font fontconfig matches for `family`, or, given a character, for `family` and
    /// that character (nil when no installed font has it).
    private static func matchFont(_ family: String, containing scalar: Unicode.Scalar? = nil) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        if let scalar, let characters = FcCharSetCreate() {
            FcCharSetAddChar(characters, FcChar32(scalar.value))
            FcPatternAddCharSet(pattern, "charset", characters)
            FcCharSetDestroy(characters)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        if let scalar {
            var characters: OpaquePointer?
            guard FcPatternGetCharSet(match, "charset", 0, &characters) == FcResultMatch,
                FcCharSetHasChar(characters, FcChar32(scalar.value)) != 0
            else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}

/// The pixels text may touch: a clip rect's pixels within the frame.
struct PixelBounds {
    var columns: Range<Int>
    var rows: Range<Int>

    init(clip: Rect?, frame: Framebuffer) {
        let clip = clip ?? Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        func span(_ low: Double, _ high: Double, _ limit: Int) -> Range<Int> {
            let first = max(0, min(limit, pixelIndexAbove(low)))
            return first..<max(first, min(limit, pixelIndexBelow(high)))
        }
        columns = span(clip.minX, clip.maxX, frame.width)
        rows = span(clip.minY, clip.maxY, frame.height)
    }
}

/// One rendered glyph: its coverage bitmap and where it sits relative to the pen.
private struct Glyph {
    var width = 0
    var rows = 0
    var left = 0
    var top = 0
    var advance = 0
    var coverage: [UInt8] = []

    func draw(pixel: UInt32, left x0: Int, top y0: Int, into frame: Framebuffer, within bounds: PixelBounds) {
        let firstRow = max(0, bounds.rows.lowerBound - y0)
        let endRow = min(rows, bounds.rows.upperBound - y0)
        let firstColumn = max(0, bounds.columns.lowerBound - x0)
        let endColumn = min(width, bounds.columns.upperBound - x0)
        guard firstRow < endRow, firstColumn < endColumn else { return }
        for row in firstRow..<endRow {
            let line = frame.pixels + (y0 + row) * frame.stride
            for column in firstColumn..<endColumn {
                let alpha = UInt32(coverage[row * width + column])
                if alpha > 0 { line[x0 + column] = blend(line[x0 + column], pixel, alpha: alpha + (alpha >> 7)) }
            }
        }
    }
}
