import CellscapePictures

#if canImport(Glibc)
    import Glibc
#endif

/// What happened outside the viewer to pictures it shows, told to the model by the loop that made it
/// happen (the trash, the key-handler): the loop never edits the feed itself.
public enum PictureChange: Hashable, Sendable {
    /// These files left: moved to the trash. Their tiles go, and the grid closes over them.
    case removed([String])
    /// These files came back (the trash undone): each returns to the place it left, read again.
    case restored([String])
    /// A program ran on these files (the key-handler): each is read again in its place, or leaves
    /// the grid when it is gone.
    case changed([String])
}

extension ViewerModel {
    /// Applies what happened to the pictures, and takes what the feed has then.
    public mutating func apply(_ change: PictureChange) {
        guard let pictures = waterfall.pictures else { return }
        switch change {
        case .removed(let paths):
            // Only the last move to the trash can be undone: what it took is set aside, by id.
            let positions = paths.compactMap(pictures.position(ofPath:))
            marksInTrash = Set(positions.filter(waterfall.isMarked).map { pictures.order[$0] })
            pictures.setAside(positions)
        case .restored(let paths):
            pictures.restore(paths)
            // Marked when they went, marked when they come back.
            waterfall.marks.formUnion(marksInTrash.compactMap(pictures.order.position(of:)))
            marksInTrash = []
        case .changed(let paths):
            let shown = paths.compactMap { path in pictures.position(ofPath: path).map { (path, $0) } }
            for (path, position) in shown where access(path, F_OK) == 0 { pictures.refresh(position) }
            pictures.remove(shown.filter { access($0.0, F_OK) != 0 }.map(\.1))
        }
        takePictureResults()
    }
}
