/// One item of a waterfall feed: its size (which decides its aspect ratio), a title and a colour.
public struct WaterfallItem: Hashable, Sendable {
    /// The item's size; only its aspect ratio matters to the layout.
    public var size: Size
    /// The title shown on the tile.
    public var title: String
    /// The tile's colour.
    public var color: Color

    /// Creates an item.
    public init(size: Size, title: String, color: Color) {
        self.size = size
        self.title = title
        self.color = color
    }
}

/// Items made up deterministically, with the spread of sizes GIFs and stickers have: item `i` of a seed
/// is always the same, so a feed can go on endlessly and still be reproduced.
public enum GeneratedItems {
    /// Sizes of common GIFs and stickers: landscape clips, squares, portrait clips, banners.
    static let shapes: [(width: Double, height: Double, weight: Int)] = [
        (480, 270, 30), (400, 300, 14), (480, 360, 6), (320, 320, 18), (270, 480, 10), (360, 640, 5),
        (500, 200, 5), (240, 400, 5), (600, 250, 3), (300, 420, 4),
    ]
    static let moods = [
        "Happy", "Sleepy", "Dancing", "Confused", "Excited", "Grumpy", "Surprised", "Chill", "Dramatic", "Tiny",
        "Fluffy", "Spinning", "Jumping", "Waving", "Laughing", "Shy",
    ]
    static let subjects = [
        "cat", "dog", "otter", "panda", "robot", "cactus", "penguin", "fox", "llama", "hamster", "owl", "sloth",
        "duck", "frog", "koala", "unicorn",
    ]

    /// `count` items starting at item number `first` of the feed of `seed`.
    public static func items(count: Int, seed: UInt64, startingAt first: Int = 0) -> [WaterfallItem] {
        (first..<first + max(0, count)).map { item(number: $0, seed: seed) }
    }

    /// Item number `number` of the feed of `seed`.
    public static func item(number: Int, seed: UInt64) -> WaterfallItem {
        var random = SplitMix64(seed: SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(number))))
        let totalWeight = shapes.reduce(0) { $0 + $1.weight }
        var pick = Int(random.next() % UInt64(totalWeight))
        var shape = shapes[0]
        for candidate in shapes {
            if pick < candidate.weight {
                shape = candidate
                break
            }
            pick -= candidate.weight
        }
        let stretch = 0.85 + 0.3 * random.nextUnit()
        let size = Size(width: (shape.width * stretch).rounded(), height: shape.height.rounded())
        let mood = moods[Int(random.next() % UInt64(moods.count))]
        let subject = subjects[Int(random.next() % UInt64(subjects.count))]
        let color = Color.palette[Int(random.next() % UInt64(Color.palette.count))]
        return WaterfallItem(size: size, title: "\(mood) \(subject) #\(number + 1)", color: color)
    }
}
