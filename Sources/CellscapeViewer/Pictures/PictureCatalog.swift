import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// What the feed knows of each picture, by id: where it comes from (its path), its header once read,
/// whether it arrived, why it cannot be shown or what it lacks, and its key in name order. Read on
/// the main thread only; a picture that leaves takes all of it (``forget(_:)``).
struct PictureCatalog {
    /// Each picture's path, read from the loader once when it joins: the main thread's own names.
    var paths: [PictureID: String] = [:]
    /// Each picture's header once read (none: not yet, or broken).
    var headers: [PictureID: PictureHeader] = [:]
    /// The pictures whose header arrived (read, broken, or being read again), with the size each
    /// shows at (1x1 when broken): what the grid lays out.
    var sizes = ArrivedSizes()
    /// Pictures that cannot be shown.
    var broken = Set<PictureID>() { didSet { brokenChanges += 1 } }
    /// Counts the changes to ``broken``.
    private(set) var brokenChanges = 0
    /// Why each broken picture cannot be shown, without its path ("not a picture", "cannot read:
    /// Permission denied"): what its tile and the image view say under its name.
    var problems: [PictureID: PictureProblem] = [:]
    /// Pictures whose bytes could not be had for now (a download that failed on a bad day): their
    /// tiles keep their placeholders, and they are asked again once they left the view and came back.
    var unavailable = Set<PictureID>()
    /// What is missing of pictures that show only part of what their files should hold ("ends early").
    var notes: [PictureID: PictureProblem] = [:]
    /// Each joining or shown picture's key in name order, once a join compared it.
    var nameKeys: [PictureID: [UInt8]] = [:]
    /// The remote feed's items, by the id each joined as.
    var details: [PictureID: PictureDetails] = [:]
    /// What tiles show until their pixels come, where a source gave it.
    var placeholders: [PictureID: PixelImage] = [:]
    /// The pictures that play from other bytes than their tiles' still when opened (a remote video).
    var movesWhenOpened = Set<PictureID>()

    /// Whether picture `id` is passed over when thumbnails are asked for: broken, or unavailable
    /// for now (until it leaves the view).
    func isPassedOver(_ id: PictureID) -> Bool { broken.contains(id) || unavailable.contains(id) }

    /// Forgets everything known of the pictures `ids`.
    mutating func forget(_ ids: Set<PictureID>) {
        for id in ids {
            paths[id] = nil
            headers[id] = nil
            sizes[id] = nil
            problems[id] = nil
            notes[id] = nil
            nameKeys[id] = nil
            details[id] = nil
            placeholders[id] = nil
            movesWhenOpened.remove(id)
            unavailable.remove(id)
        }
        if !broken.isDisjoint(with: ids) { broken.subtract(ids) }
    }
}
