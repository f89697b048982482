import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation

/// A thumbnail through the shared cache (``ThumbnailCache/thumbnail(of:size:fitting:pool:)``), or decoded
/// at the size asked for the window.
extension LoaderCore {
    func thumbnail(_ id: PictureID, side: Int, pool: PixelPool, forWindow: Bool) -> Result {
        let (path, held) = location(id)
        do {
            // A picture held by a source is decoded from its bytes: the shared cache knows files alone.
            if let held {
                var note: PictureProblem?
                let fitting = Size(width: Double(side), height: Double(side))
                let picture = try PictureDecoder.decode(
                    try held.contents(fitting: side), region: nil, fitting: fitting, pool: pool, note: &note)
                return .thumbnail(id: id, side: side, picture.finished(), problem: note)
            }
            let file = try PictureFile(path: path)
            // A grid tile at any side goes through the shared cache: the standard size at or above it,
            // shrunk in memory.
            if let diskCache, !forWindow, let standard = ThumbnailCache.Size.atLeast(side) {
                let made = try diskCache.thumbnail(of: file, size: standard, fitting: side, pool: pool)
                if let problem = made.storeProblem { reportCacheProblemOnce("\(problem); thumbnails are not saved") }
                return .thumbnail(id: id, side: side, made.picture.finished(), problem: made.note)
            }
            let fitting = Size(width: Double(side), height: Double(side))
            var note: PictureProblem?
            let picture = try PictureDecoder.decode(
                try PictureContents.of(file), region: nil, fitting: fitting, alongside: nil, pool: pool, note: &note
            ).picture
            return .thumbnail(id: id, side: side, picture.finished(), problem: note)
        } catch {
            return .thumbnail(id: id, side: side, nil, problem: error)
        }
    }
}
