import CellscapePictures

/// The pictures whose thumbnails are still wanted, shared with the loader's workers.
final class WantedPictures: Sendable {
    private struct Wanted {
        var range = Set<PictureID>()
        var views = Set<PictureID>()
        var cells = Set<PictureID>()
    }
    private let wanted = Guarded(Wanted())

    func set(_ ids: Set<PictureID>) { wanted.withLock { $0.range = ids } }
    func setViews(_ ids: Set<PictureID>) { wanted.withLock { $0.views = ids } }
    func setCells(_ ids: Set<PictureID>) { wanted.withLock { $0.cells = ids } }
    func contains(_ id: PictureID) -> Bool {
        wanted.withLock { $0.range.contains(id) || $0.views.contains(id) || $0.cells.contains(id) }
    }
}
