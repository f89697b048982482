import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation

/// A thumbnail from the shared cache, or decoded (and stored there).
extension LoaderCore {
    func thumbnail(_ id: PictureID, side: Int, pool: PixelPool, forWindow: Bool) -> Result {
        let path = path(id)
        do {
            let file = try PictureFile(path: path)
            // A grid tile at any side goes through the shared cache: the standard size at or above it,
            // shrunk in memory.
            if let diskCache, !forWindow, let standard = ThumbnailCache.Size.atLeast(side) {
                let picture = try thumbnail(of: file, side: side, size: standard, in: diskCache, pool: pool)
                return .thumbnail(id: id, side: side, picture, problem: nil)
            }
            let fitting = Size(width: Double(side), height: Double(side))
            let picture = try PictureDecoder.decode(try file.contents(), fitting: fitting, pool: pool)
            return .thumbnail(id: id, side: side, picture, problem: nil)
        } catch let failure as PictureFile.Failure {
            return .thumbnail(id: id, side: side, nil, problem: failure.description)
        } catch {
            return .thumbnail(id: id, side: side, nil, problem: "\(path): \(error)")
        }
    }

    /// The thumbnail of `file` fitting `side`, from the shared cache's at a standard size (shrunk as it
    /// is read), or decoded once at that size, stored there and shrunk (a picture that cannot be decoded
    /// gets a fail entry, as `cellscape thumbnails` writes them). The file's bytes are read only when
    /// the cache has none.
    func thumbnail(
        of file: PictureFile, side: Int, size: ThumbnailCache.Size, in cache: ThumbnailCache, pool: PixelPool
    ) throws -> Framebuffer {
        if let stored = cache.thumbnail(
            forFile: file.path, modified: file.modified, size: size, fitting: side, pool: pool)
        {
            return stored
        }
        let data = try file.contents()
        do {
            let fitting = Size(width: Double(size.pixels), height: Double(size.pixels))
            let decoded = try PictureDecoder.decode(data, fitting: fitting, pool: pool)
            do {
                try cache.store(decoded, forFile: file.path, modified: file.modified, size: size)
            } catch {
                reportCacheProblemOnce("\(error); thumbnails are not saved")
            }
            return PictureDecoder.shrink(decoded, fitting: side, pool: pool)
        } catch {
            if !cache.hasFailure(forFile: file.path, modified: file.modified) {
                try? cache.recordFailure(forFile: file.path, modified: file.modified)
            }
            throw error
        }
    }
}
