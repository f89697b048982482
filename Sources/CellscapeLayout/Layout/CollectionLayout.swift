/// What a layout says about one item: which item, and where it is.
///
/// The counterpart of `UICollectionViewLayoutAttributes`, reduced to what Cellscape's views draw.
public struct LayoutAttributes: Hashable, Sendable {
    /// The item's position in the layout's order.
    public var index: Int
    /// The item's frame in the layout's coordinate space.
    public var frame: Rect

    /// Creates the attributes of one item.
    public init(index: Int, frame: Rect) {
        self.index = index
        self.frame = frame
    }
}

/// A layout computes every item's attributes; a view asks it only for those inside the visible rect.
///
/// Modelled on `UICollectionViewLayout`. The view calls ``prepare(bounds:)`` before asking for
/// attributes, and on every change of its bounds asks ``shouldInvalidate(forBoundsChange:)``; when that
/// answers `true` it calls ``invalidate()`` and then ``prepare(bounds:)`` with the new bounds.
public protocol CollectionLayout {
    /// Computes, or brings up to date, the layout for the view's bounds.
    mutating func prepare(bounds: Rect)

    /// The size of everything the layout places.
    var contentSize: Size { get }

    /// The attributes of exactly the items whose frames intersect `rect`, in index order.
    func attributes(in rect: Rect) -> [LayoutAttributes]

    /// Whether a change of the view's bounds to `newBounds` makes the current layout wrong.
    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool

    /// Marks the layout as out of date; the next ``prepare(bounds:)`` recomputes it.
    mutating func invalidate()
}
