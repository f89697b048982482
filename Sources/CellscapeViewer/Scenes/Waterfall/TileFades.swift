/// Tiles fading their thumbnail in over the placeholder, by item key: how many frames each has shown
/// it. A thumbnail that arrives in view fades in over ``frames`` frames.
struct TileFades: Equatable {
    /// Frames a fade takes.
    static let frames = 8
    private var shown: [GridItemKey: Int] = [:]

    /// Whether no tile fades.
    var isEmpty: Bool { shown.isEmpty }

    /// Starts `key`'s tile fading in.
    mutating func start(_ key: GridItemKey) { shown[key] = 0 }

    /// How many frames `key`'s tile has faded in, nil once shown whole (or never faded).
    subscript(key: GridItemKey) -> Int? { shown[key] }

    /// How much of the thumbnail of `key`'s tile shows over its placeholder (1: all), if it fades.
    func opacity(_ key: GridItemKey) -> Double? {
        shown[key].map { Double($0 + 1) / Double(Self.frames + 1) }
    }

    /// Moves every fade on by one frame; those done stop.
    mutating func advance() {
        for (key, frames) in shown { shown[key] = frames + 1 < Self.frames ? frames + 1 : nil }
    }

    /// Shows every tile whole at once.
    mutating func finish() { shown.removeAll() }
}
