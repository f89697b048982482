extension PictureLoader.Result {
    /// The picture the result is for, if it is for one.
    var id: PictureID? {
        switch self {
        case .header(let id, _, _), .thumbnail(let id, _, _, _), .frames(let id, _, _, _, _, _),
            .region(let id, _, _, _, _):
            id
        case .cacheProblem, .found: nil
        }
    }
}
