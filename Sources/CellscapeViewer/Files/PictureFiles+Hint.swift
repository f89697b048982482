import CellscapePictures

extension PictureFiles {
    /// What the window and the command line say of the pictures a listing left in subfolders: "its
    /// subfolders hold 12 pictures: cellscape -r lists them".
    public static func subfolderHint(_ count: Int) -> String {
        "its subfolders hold \(count) \(count == 1 ? "picture" : "pictures"): cellscape -r lists them"
    }

    /// The same of the pictures this listing left in subfolders, if it left any.
    public var subfolderHint: String? { picturesInSubfolders > 0 ? Self.subfolderHint(picturesInSubfolders) : nil }
}
