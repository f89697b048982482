/// Requests in the queue: the level a priority asks for.
extension LoaderCore {
    /// The level of priority a request's number asks for (lower first): the open picture's frames (-3),
    /// its image (-2) and its neighbours (-1), then what shows, a screen ahead and one behind, each a
    /// band of ``onScreen``.
    static func level(_ priority: Int) -> Queue.Level {
        switch priority {
        case ..<(-2): .openFrames
        case -2: .open
        case -1: .neighbours
        case ..<onScreen: .onScreen
        case ..<(2 * onScreen): .ahead
        default: .behind
        }
    }

    /// The key of picture `id` at `side` among requests and animations.
    static func key(_ id: PictureID, _ side: Int) -> Int64 { Int64(id.rawValue) << 20 | Int64(side) }
}
