/// The eight EXIF orientations: how the stored pixels must be turned and flipped to stand upright.
public enum PictureOrientation: Int, Hashable, Sendable, CaseIterable {
    case upright = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    case quarterTurnMirrored = 5
    case quarterTurnClockwise = 6
    case quarterTurnClockwiseMirrored = 7
    case quarterTurnCounterclockwise = 8

    /// Whether showing it upright swaps width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// Where the pixel shown upright at (`x`, `y`) of a picture shown `width` x `height` is stored: the
    /// inverse of ``shownPosition(x:y:width:height:)`` (a quarter turn undoes the other; the rest undo
    /// themselves).
    public func storedPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let inverse: PictureOrientation =
            switch self {
            case .quarterTurnClockwise: .quarterTurnCounterclockwise
            case .quarterTurnCounterclockwise: .quarterTurnClockwise
            default: self
            }
        return inverse.shownPosition(x: x, y: y, width: width, height: height)
    }

    /// Where the stored pixel at (`x`, `y`) of a `width` x `height` picture goes when it is shown upright.
    public func shownPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .mirrored: return (width - 1 - x, y)
        case .upsideDown: return (width - 1 - x, height - 1 - y)
        case .upsideDownMirrored: return (x, height - 1 - y)
        case .quarterTurnMirrored: return (y, x)
        case .quarterTurnClockwise: return (height - 1 - y, x)
        case .quarterTurnClockwiseMirrored: return (height - 1 - y, width - 1 - x)
        case .quarterTurnCounterclockwise: return (y, width - 1 - x)
        }
    }
}
