import CellscapePictures
import CellscapeRender

/// An animation playing in a tile or in the image view: the frames decoded so far (a window of them
/// ahead of the one shown, or all once they fit), which one shows and when the next is due.
///
/// A pure value the feed steps with the clock: frames arrive from the loader's workers; ``advance(to:)``
/// moves on each frame whose time has come and whose successor has arrived.
struct PlayingAnimation {
    /// The side its frames are decoded to.
    let side: Int
    /// Whether it drops each frame once shown, whatever the budget (a video's, ``PictureHeader/Format/streamsFrames``).
    let streams: Bool
    /// Frames held, by number.
    private(set) var frames: [Int: AnimationFrame] = [:]
    /// How many frames the animation has, once decoded to its end.
    private(set) var count: Int?
    /// How many times it plays (nil: for ever), known with the first frames.
    private(set) var plays: Int?
    /// Complete plays so far.
    private(set) var played = 0
    /// The frame that shows, nil until the first arrives.
    private(set) var current: Int?
    /// When the next frame is due (monotonic nanoseconds).
    private(set) var due: UInt64 = 0
    /// Frames asked of the loader and not yet arrived.
    var requested = 0
    /// Whether it played all its plays and rests on its last frame.
    private(set) var finished = false
    /// The time its frames were last asked to start from (a seek), 0 from the first: frames that
    /// arrive from another start were decoded before the seek and are let go.
    private(set) var start = 0
    /// The frame that showed when it seeked, shown until the first frame from the new place arrives.
    private var shownBeforeSeek: AnimationFrame?
    /// Frames shown, and those shown later than a frame (20 ms) after they were due.
    private(set) var shownFrames = 0
    private(set) var lateFrames = 0

    /// How many frames are decoded ahead of the one shown, and how many once the frames fill their
    /// share of the memory bound (each is memory beyond it).
    static let ahead = 6
    static let aheadWhenFull = 2
    /// A frame shown this long after it was due counts as late.
    static let lateAfter: UInt64 = 20_000_000

    init(side: Int, streams: Bool = false) {
        self.side = side
        self.streams = streams
    }

    /// Whether every frame is held: it plays on without decoding.
    var holdsAll: Bool { !streams && (count.map { frames.count >= $0 } ?? false) }

    /// The bytes of the frames held, kept as they come and go: the feed asks on every frame shown.
    private(set) var bytes = 0

    /// The bytes of one of its frames (0 before the first arrives).
    var frameBytes: Int { frames.values.first.map { $0.picture.capacity * 4 } ?? 0 }

    /// The frame that shows.
    var shown: AnimationFrame? { current.flatMap { frames[$0] } ?? shownBeforeSeek }

    /// The number of the frame after `number`, wrapping once the count is known.
    func after(_ number: Int) -> Int { count.map { number + 1 >= $0 ? 0 : number + 1 } ?? number + 1 }

    /// How many more frames to ask for: enough to hold `ahead` frames past the one shown.
    func framesToRequest(ahead: Int = Self.ahead) -> Int {
        guard !holdsAll, !finished else { return 0 }
        var held = 0
        var number = current.map(after) ?? 0
        while held < ahead, frames[number] != nil {
            held += 1
            number = after(number)
        }
        return max(0, ahead - held - requested)
    }

    /// Takes frames that arrived, with what the decoder knows of the whole; those decoded from before
    /// the last seek (another ``AnimationFrame/start``) are let go, and what came with them.
    mutating func receive(_ arrived: [AnimationFrame], count: Int?, plays: Int?, now: UInt64) {
        requested = max(0, requested - arrived.count)
        guard arrived.isEmpty || arrived.contains(where: { $0.start == start }) else { return }
        if let count {
            self.count = count
            // Frames numbered past the end (a seek numbers them by the stream's rate) never show.
            for number in frames.keys where number >= count {
                bytes -= frames.removeValue(forKey: number)!.picture.capacity * 4
            }
        }
        self.plays = plays
        // One frame after all (a file that claimed more): nothing to play.
        if count == 1 { finished = true }
        for frame in arrived where frame.start == start {
            bytes += frame.picture.capacity * 4 - (frames[frame.number]?.picture.capacity ?? 0) * 4
            frames[frame.number] = frame
        }
        // The first frame, or the first from where it seeked to.
        if current == nil, let first = arrived.first(where: { $0.start == start }) {
            current = first.number
            shownBeforeSeek = nil
            due = now + UInt64(first.milliseconds) * 1_000_000
            shownFrames += 1
        }
    }

    /// Moves on to the next frame if it is due (or due within `early` of `now`) and has arrived;
    /// drops frames behind it unless `keepsFrames` (they fit the memory budget). Returns whether the
    /// frame shown changed. A frame shown early starts its clock at `now`: animations due within a few
    /// milliseconds of each other fall into step, and the loop wakes once for them all.
    mutating func advance(to now: UInt64, early: UInt64 = 0, keepsFrames: Bool) -> Bool {
        guard let current, !finished, now + early >= due else { return false }
        let next = after(current)
        if next == 0 {
            played += 1
            if let plays, played >= plays {
                finished = true
                return false
            }
        }
        guard let frame = frames[next] else {
            if next == 0 { played -= 1 }  // counted again when frame 0 arrives
            return false
        }
        if streams || (!keepsFrames && !holdsAll), let dropped = frames.removeValue(forKey: current) {
            bytes -= dropped.picture.capacity * 4
        }
        if now > due && now - due > Self.lateAfter { lateFrames += 1 }
        shownFrames += 1
        // Behind by more than a frame (a stall, a pause), or early: the clock starts again from now.
        let length = UInt64(frame.milliseconds) * 1_000_000
        let start = now < due || now - due > length ? now : due
        // A clock moved to the end of time (a replay's, a test's) rests there rather than overflow.
        due = start > UInt64.max - length ? .max : start + length
        self.current = next
        return true
    }

    /// Shows the next or the previous frame at once, if held (stepping a paused animation).
    mutating func step(by offset: Int, now: UInt64) -> Bool {
        guard let current else { return false }
        let target = offset > 0 ? after(current) : (current > 0 ? current - 1 : (count.map { $0 - 1 } ?? 0))
        guard frames[target] != nil else { return false }
        // Streaming, the frame stepped past goes as one played past does (a snapshot steps thousands).
        if streams, offset > 0, let dropped = frames.removeValue(forKey: current) {
            bytes -= dropped.picture.capacity * 4
        }
        self.current = target
        finished = false
        due = now + UInt64(frames[target]!.milliseconds) * 1_000_000
        return true
    }

    /// Shows the frame at `milliseconds` from the start once it arrives (the one shown stays until
    /// then): every frame held goes, and the count is learnt again (a seek numbers frames by the
    /// stream's rate). The caller asks the loader for the frames from there.
    mutating func seek(to milliseconds: Int) {
        shownBeforeSeek = shown
        bytes = 0
        frames.removeAll()
        current = nil
        count = nil
        requested = 0
        finished = false
        played = 0
        start = milliseconds
    }

    /// Starts the clock again from `now` (after a pause).
    mutating func resume(at now: UInt64) {
        guard let shown else { return }
        due = now + UInt64(shown.milliseconds) * 1_000_000
    }

    /// When the next frame is due, nil when it cannot move on (not arrived, finished).
    var nextDeadline: UInt64? {
        guard let current, !finished, frames[after(current)] != nil else { return nil }
        if after(current) == 0, let plays, played + 1 >= plays { return nil }  // it rests here
        return due
    }
}
