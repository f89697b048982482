import CPictureCodecs
import CellscapeLayout
import CellscapeRender

/// Pixels stood upright as EXIF says, and C messages as text.
extension PictureDecoder {
    /// The picture turned and flipped as its orientation says.
    static func upright(
        _ picture: Framebuffer, orientation: PictureOrientation,
        _ output: (Int, Int) -> Framebuffer = { Framebuffer(width: $0, height: $1) }
    ) -> Framebuffer {
        guard orientation != .upright else { return picture }
        let width = picture.width
        let height = picture.height
        let shown = orientation.swapsSides ? output(height, width) : output(width, height)
        for y in 0..<height {
            for x in 0..<width {
                let position = orientation.shownPosition(x: x, y: y, width: width, height: height)
                shown[position.x, position.y] = picture[x, y]
            }
        }
        return shown
    }

    static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "cannot decode the picture" : text
    }
}
