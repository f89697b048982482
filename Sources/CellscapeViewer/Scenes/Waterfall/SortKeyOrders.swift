import CellscapePictures

extension PictureFiles.Order {
    /// The orders the sort key goes through, in turn.
    static let keyOrders: [PictureFiles.Order] = [.name, .time, .size, .taken]

    /// The order the sort key goes to next.
    var next: PictureFiles.Order {
        Self.keyOrders[((Self.keyOrders.firstIndex(of: self) ?? 0) + 1) % Self.keyOrders.count]
    }
}
