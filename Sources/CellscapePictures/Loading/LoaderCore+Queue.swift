/// Requests in the queue: the level a priority asks for, and the handles of those waiting.
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

    /// Lets go of the handle of a request taken from the queue. Under the lock.
    func forgetHandle(of request: Request) {
        if request.region != nil {
            waitingRegions[request.id] = nil
        } else if request.frames > 0 {
            waitingFrames[Self.key(request.id, request.side)] = nil
        } else {
            waitingThumbnails[Self.key(request.id, request.side)] = nil
        }
    }
}
