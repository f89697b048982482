import CellscapePictures
import CellscapeRender

/// The open picture's images, kept by the feed apart from the grid's thumbnails: the open picture and
/// its neighbours decoded at the size the window needs, and the part of it decoded at the zoom shown
/// when zoomed past the window.
struct OpenPictureImages {
    /// The open picture and its neighbours, with the side each was decoded to.
    var views: [PictureID: (side: Int, image: PixelImage)] = [:]
    /// The pictures whose window-sized images are kept: one arriving for another is let go at once.
    var viewsWanted = Set<PictureID>()
    /// The side the open picture was asked for last.
    var viewSide: (id: PictureID, side: Int)?
    /// The part of the open picture decoded at the zoom shown, when zoomed past the window.
    var heldRegion: (id: PictureID, part: PictureRegion, scale: Double, image: PixelImage)?
    /// The region asked for last, so it is asked once.
    var regionAsked: (id: PictureID, part: PictureRegion, scale: Double)?

    /// Forgets what is kept of the pictures `ids`.
    mutating func forget(_ ids: Set<PictureID>) {
        for id in ids {
            views[id] = nil
            viewsWanted.remove(id)
        }
        if let heldRegion, ids.contains(heldRegion.id) { self.heldRegion = nil }
        if let regionAsked, ids.contains(regionAsked.id) { self.regionAsked = nil }
        if let viewSide, ids.contains(viewSide.id) { self.viewSide = nil }
    }
}
