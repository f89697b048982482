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
        // A line wholly outside what may be drawn (a partial redraw elsewhere) costs nothing.
        guard bounds.rows.overlaps(y - pixelSize..<y + lineHeight + pixelSize), !bounds.columns.isEmpty else { return }
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
        // A colour emoji font has bitmaps of one size only: they are scaled to the text's size when drawn.
        if cellscape_ft_is_bitmap_only(fallback) != 0 {
            FT_Select_Size(fallback, 0)
        } else {
            FT_Set_Pixel_Sizes(fallback, 0, FT_UInt(pixelSize))
        }
        fallbackFaces.append((path, fallback))
        return fallback
    }

    private func render(_ scalar: Unicode.Scalar) -> Glyph {
        guard let face = face(for: scalar) else { return Glyph() }
        let colourFont = cellscape_ft_is_bitmap_only(face) != 0
        let flags = colourFont ? cellscape_ft_load_colour() : cellscape_ft_load_render()
        guard FT_Load_Char(face, FT_ULong(scalar.value), Int32(flags)) == 0, let slot = face.pointee.glyph else {
            return Glyph()
        }
        let bitmap = slot.pointee.bitmap
        if Int32(bitmap.pixel_mode) == cellscape_ft_pixel_mode_bgra() {
            return Glyph(colour: bitmap, slot: slot.pointee, height: ascent)
        }
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
        columns = span(clip.minX, clip.maxX, frame.width).clamped(to: frame.drawableColumns)
        rows = span(clip.minY, clip.maxY, frame.height).clamped(to: frame.drawableRows)
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

    /// A colour glyph's premultiplied `0xAARRGGBB` pixels (an emoji), drawn as they are, not in the text's colour.
    var colour: [UInt32]?

    func draw(pixel: UInt32, left x0: Int, top y0: Int, into frame: Framebuffer, within bounds: PixelBounds) {
        let firstRow = max(0, bounds.rows.lowerBound - y0)
        let endRow = min(rows, bounds.rows.upperBound - y0)
        let firstColumn = max(0, bounds.columns.lowerBound - x0)
        let endColumn = min(width, bounds.columns.upperBound - x0)
        guard firstRow < endRow, firstColumn < endColumn else { return }
        for row in firstRow..<endRow {
            let line = frame.pixels + (y0 + row) * frame.stride
            for column in firstColumn..<endColumn {
                if let colour {
                    line[x0 + column] = over(line[x0 + column], colour[row * width + column], opacity: 256)
                    continue
                }
                let alpha = UInt32(coverage[row * width + column])
                if alpha > 0 { line[x0 + column] = blend(line[x0 + column], pixel, alpha: alpha + (alpha >> 7)) }
            }
        }
    }
}

extension Glyph {
    /// A colour bitmap (BGRA, premultiplied, at the font's one size) reduced to `height` pixels by
    /// averaging the source pixels each covers, its place and advance scaled alike.
    init(colour bitmap: FT_Bitmap, slot: FT_GlyphSlotRec, height: Int) {
        let (sourceWidth, sourceRows) = (Int(bitmap.width), Int(bitmap.rows))
        let scale = Double(max(1, height)) / Double(max(1, sourceRows))
        width = max(1, Int((Double(sourceWidth) * scale).rounded()))
        rows = max(1, Int((Double(sourceRows) * scale).rounded()))
        left = Int((Double(slot.bitmap_left) * scale).rounded())
        top = Int((Double(slot.bitmap_top) * scale).rounded())
        advance = Int((Double(slot.advance.x >> 6) * scale).rounded())
        var pixels = [UInt32](repeating: 0, count: width * rows)
        guard let buffer = bitmap.buffer else {
            colour = pixels
            return
        }
        // The source pixels under target pixel `index` of `count`, along a side of `sourceCount`.
        let span = { (index: Int, count: Int, sourceCount: Int) -> Range<Int> in
            let first = index * sourceCount / count
            return first..<max(first + 1, (index + 1) * sourceCount / count)
        }
        for row in 0..<rows {
            let rowSpan = span(row, rows, sourceRows)
            for column in 0..<width {
                let columnSpan = span(column, width, sourceWidth)
                var sums = (0, 0, 0, 0)
                for y in rowSpan {
                    for x in columnSpan {
                        let source = buffer + y * Int(bitmap.pitch) + 4 * x  // B, G, R, A
                        sums = (
                            sums.0 + Int(source[0]), sums.1 + Int(source[1]), sums.2 + Int(source[2]),
                            sums.3 + Int(source[3])
                        )
                    }
                }
                let count = rowSpan.count * columnSpan.count
                let channel = { (sum: Int) in UInt32((sum + count / 2) / count) }
                pixels[row * width + column] =
                    channel(sums.3) << 24 | channel(sums.2) << 16 | channel(sums.1) << 8 | channel(sums.0)
            }
        }
        colour = pixels
    }
}
