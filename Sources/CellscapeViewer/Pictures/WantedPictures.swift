import CellscapePictures

/// The pictures whose thumbnails are still wanted, shared with the loader's workers.
final class WantedPictures: Sendable {
    private struct Wanted {
        var range = Set<PictureID>()
        var views = Set<PictureID>()
        var cells = Set<PictureID>()
    }
    private let wanted = Guarded(Wanted())

    /// Sets the grid's range; whether a picture left it (the loader's reads of it may stop).
    @discardableResult func set(_ ids: Set<PictureID>) -> Bool {
        wanted.withLock { wanted in
            defer { wanted.range = ids }
            return !wanted.range.isSubset(of: ids)
        }
    }
    func setViews(_ ids: Set<PictureID>) { wanted.withLock { $0.views = ids } }
    /// Sets the cells'; whether a picture left them.
    @discardableResult func setCells(_ ids: Set<PictureID>) -> Bool {
        wanted.withLock { wanted in
            defer { wanted.cells = ids }
            return !wanted.cells.isSubset(of: ids)
        }
    }
    func contains(_ id: PictureID) -> Bool {
        wanted.withLock { $0.range.contains(id) || $0.views.contains(id) || $0.cells.contains(id) }
    }
}
