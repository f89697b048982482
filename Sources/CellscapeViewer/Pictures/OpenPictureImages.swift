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

    /// Keeps only the images of `kept` (the open picture `id` and its neighbours), `id` asked for at `side`.
    mutating func keep(_ kept: Set<PictureID>, opening id: PictureID, side: Int) {
        viewsWanted = kept
        views = views.filter { kept.contains($0.key) }
        if let heldRegion, heldRegion.id != id { self.heldRegion = nil }
        viewSide = (id, side)
    }

    /// Takes `image`, decoded for picture `id` at `side`, if wanted as a view: the side asked for
    /// last, or any until one arrives.
    mutating func take(_ image: PixelImage, side: Int, for id: PictureID) {
        guard viewsWanted.contains(id), viewSide.map({ $0 == (id, side) }) ?? false || views[id] == nil else { return }
        views[id] = (side, image)
    }

    /// Asks `loader` for `part` of picture `id` at `scale`, unless it is the one held or asked for.
    mutating func wantRegion(_ id: PictureID, part: PictureRegion, scale: Double, loader: PictureLoader) {
        if let held = heldRegion, held.id == id, held.part == part, held.scale == scale { return }
        if let asked = regionAsked, asked.id == id, asked.part == part, asked.scale == scale { return }
        regionAsked = (id, part, scale)
        loader.requestRegion(id, region: part, scale: scale)
    }

    /// Lets go of the region held (the image view closed).
    mutating func releaseRegion() {
        heldRegion = nil
        regionAsked = nil
    }
}
