import CPictureCodecs
import CellscapeLayout
import CellscapeRender
import Foundation

/// A thumbnail through the shared cache (``ThumbnailCache/thumbnail(of:size:fitting:pool:)``), or decoded
/// at the size asked for the window.
extension LoaderCore {
    /// `bytes`: those of a picture held by a source, once they came. A grid tile's video stops
    /// decoding once the tile is no longer wanted (``PictureProblem/stopped``).
    /// A tile's thumbnail decoded through the shared cache joins `unsaved`: the worker stores it once
    /// nothing waits to show.
    func thumbnail(
        _ id: PictureID, side: Int, pool: PixelPool, forWindow: Bool, bytes held: PictureBytes.Answer? = nil,
        unsaved: inout [ThumbnailCache.Unsaved]
    ) -> Result {
        let interrupted: (() -> Bool)? = forWindow ? nil : { [weak self] in self?.isWanted(id, side) == false }
        do {
            // A picture held by a source is decoded from its bytes: the shared cache knows files alone.
            if let held {
                var note: PictureProblem?
                let fitting = Size(width: Double(side), height: Double(side))
                if location(id).held?.readWhenShown == true { deliverHeaderOnce(id, of: try held.get().whole()) }
                // As its source gave them (marked so: a server's video plays in browsers' codecs alone).
                var contents = try held.get().contents()
                contents.interrupted = interrupted
                let picture = try PictureDecoder.decode(
                    contents, region: nil, fitting: fitting, alongside: nil, pool: pool, note: &note
                ).picture
                return .thumbnail(id: id, side: side, picture.finished(), problem: note)
            }
            let file = try PictureFile(path: path(id))
            // A grid tile at any side goes through the shared cache: the standard size at or above it,
            // shrunk in memory.
            if let diskCache, !forWindow, let standard = ThumbnailCache.Size.atLeast(side) {
                let made = try diskCache.thumbnail(
                    of: file, size: standard, fitting: side, pool: pool, interrupted: interrupted, storing: false)
                if let problem = made.storeProblem { reportCacheProblemOnce("\(problem); thumbnails are not saved") }
                if let later = made.unsaved { unsaved.append(later) }
                return .thumbnail(id: id, side: side, made.picture.finished(), problem: made.note)
            }
            let fitting = Size(width: Double(side), height: Double(side))
            var note: PictureProblem?
            var contents = try PictureContents.of(file)
            contents.interrupted = interrupted
            let picture = try PictureDecoder.decode(
                contents, region: nil, fitting: fitting, alongside: nil, pool: pool, note: &note
            ).picture
            return .thumbnail(id: id, side: side, picture.finished(), problem: note)
        } catch {
            return .thumbnail(id: id, side: side, nil, problem: error)
        }
    }

    /// Delivers the header of picture `id`, read when shown, from the bytes its thumbnail read, unless
    /// one was delivered already.
    private func deliverHeaderOnce(_ id: PictureID, of bytes: [UInt8]) {
        guard locked({ $0.headersGiven.insert(id.rawValue).inserted }) else { return }
        let header = PictureHeader(bytes)
        deliver(.header(id: id, header, problem: header == nil ? PictureHeader.problem(of: bytes) : nil))
    }
}
