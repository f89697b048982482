import CellscapeLayout

/// The picture open over the grid and how the image view shows it: which picture and its view, the
/// one to open once its size is known, where the pointer was (to zoom about it), the overlays and
/// the slideshow.
struct OpenPictureState {
    var shown: (item: GridItemKey, view: PictureView)?
    var pending: GridItemKey?
    var pointer: Point?
    var showsInfo = false
    var showsCheckerboard = true
    var slideshowRuns = false
}
