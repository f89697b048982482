import CellscapeLayout
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeViewer

/// The loop's policy, with time given: frames at the pace asked while something moves, none while
/// nothing does (the loop sleeps without a limit), none while the window is not mapped, and a replayed
/// session's inputs at their frames instead of the user's.
@Suite struct FrameSchedulerTests {
    static let millisecond: UInt64 = 1_000_000

    static func scheduler(cells: Int, replay: RecordedSession? = nil) -> FrameScheduler {
        var force = ForceScene.Options()
        force.cells = cells
        force.size = Size(width: 320, height: 240)
        let model = ViewerModel(force: force, waterfall: WaterfallScene.Options(), view: .force)
        return FrameScheduler(driver: ViewerDriver(model: model), framesPerSecond: 50, replay: replay)
    }

    /// Draws the frame due at `now`, if any, as the window does; returns how it was drawn.
    static func turn(_ scheduler: FrameScheduler, now: UInt64, commands: [ViewerCommand] = [])
        -> FrameScheduler.Drawing?
    {
        scheduler.take(commands, now: now)
        scheduler.takeProgress(now: now)
        guard let drawing = scheduler.beginFrame(now: now) else { return nil }
        scheduler.driver.advance()
        scheduler.frameDrawn(started: now)
        return drawing
    }

    @Test func nothingIsDrawnUntilTheWindowShowsAndNothingWhenNothingMoves() {
        let scheduler = Self.scheduler(cells: 0)
        #expect(Self.turn(scheduler, now: 0) == nil, "not mapped")
        #expect(scheduler.timeout(now: 0) == -1)
        scheduler.isMapped = true
        #expect(Self.turn(scheduler, now: 1) == .whole, "the first frame")
        #expect(Self.turn(scheduler, now: 100 * Self.millisecond) == nil, "nothing moves")
        #expect(scheduler.timeout(now: 100 * Self.millisecond) == -1, "the loop sleeps until input")
        #expect(scheduler.timeout(now: 0, also: [30 * Self.millisecond]) == 30, "or the adapter's own deadline")
    }

    @Test func framesComeAtThePaceAskedWhileSomethingMoves() {
        let scheduler = Self.scheduler(cells: 50)
        scheduler.isMapped = true
        var now: UInt64 = 0
        #expect(Self.turn(scheduler, now: now) == .whole)
        // 50 frames a second: the next is due 20 ms after the last began.
        #expect(Self.turn(scheduler, now: now + 5 * Self.millisecond) == nil)
        #expect(scheduler.timeout(now: now + 5 * Self.millisecond) == 15)
        now += 20 * Self.millisecond
        #expect(Self.turn(scheduler, now: now) == .whole)
        // After a late frame one more comes at once, then the pace again: never a burst.
        now += 90 * Self.millisecond
        #expect(Self.turn(scheduler, now: now) == .whole)
        #expect(Self.turn(scheduler, now: now + 1 * Self.millisecond) == .whole)
        #expect(Self.turn(scheduler, now: now + 2 * Self.millisecond) == nil)
        #expect(scheduler.timeout(now: now + 2 * Self.millisecond) == 18)
        var frames = 0
        while scheduler.driver.model.isAnimating && frames < 2_000 {
            now += 20 * Self.millisecond
            if Self.turn(scheduler, now: now) != nil { frames += 1 }
        }
        #expect(!scheduler.driver.model.isAnimating, "settled after \(frames) frames")
        now += 20 * Self.millisecond
        _ = Self.turn(scheduler, now: now)
        #expect(Self.turn(scheduler, now: now + 20 * Self.millisecond) == nil)
        #expect(scheduler.timeout(now: now) == -1)
        // Input wakes it: drawn whole at the next deadline.
        #expect(Self.turn(scheduler, now: now + 40 * Self.millisecond, commands: [.key(.toggleHUD)]) == .whole)
    }

    /// A replayed session: its inputs go in at their frames; of the window's, only q; nothing it asks
    /// of the outside world is handed out.
    @Test func aReplayTakesItsOwnInputsAtTheirFrames() throws {
        var options = ForceScene.Options()
        options.cells = 20
        options.size = Size(width: 320, height: 240)
        let header = SessionHeader(
            force: options, waterfall: WaterfallScene.Options(), view: .force,
            items: SessionHeader.Items(source: .generated, count: 0, items: []))
        let live = ViewerDriver(model: ViewerModel(force: options, waterfall: WaterfallScene.Options(), view: .force))
        var lines: [String] = []
        let recorder = SessionRecorder(header: header, driver: live) { lines.append($0) }
        for frame in 0..<12 {
            if frame == 3 { live.send(.key(.addCells)) }
            if frame == 7 { live.send(.key(.togglePause)) }
            live.advance()
        }
        recorder.finish()
        let session = try RecordedSession.parse(lines.joined(separator: "\n"))
        let (force, waterfall) = session.header.options(catalog: [])
        let driver = ViewerDriver(model: ViewerModel(force: force, waterfall: waterfall, view: session.header.view))
        let scheduler = FrameScheduler(driver: driver, framesPerSecond: 50, replay: session)
        scheduler.isMapped = true
        var now: UInt64 = 0
        var turns = 0
        while scheduler.isReplaying && turns < 100 {
            _ = Self.turn(scheduler, now: now, commands: [.key(.clear)])
            now += 20 * Self.millisecond
            turns += 1
        }
        #expect(driver.frame == 12 && turns == 12, "\(turns) turns")
        #expect(ViewerState(of: driver.model) == ViewerState(of: live.model), "the user's c was not taken")
        #expect(scheduler.requests().isEmpty)
        scheduler.take([.key(.quit)], now: now)
        #expect(scheduler.wantsQuit, "q still quits")
    }

    /// A clip plays at its frames' times whether the window's user or a replayed session drives the
    /// viewer: the scheduler moves animations by the clock alone (six frames of 100 ms, looping).
    @Test(arguments: [false, true])
    func aClipKeepsItsTimeInAReplayAsInTheWindow(replaying: Bool) throws {
        let feed = try AnimationPlaybackTests.feed("video/h264.mp4")
        let clock = RewriteInPlaceTests.TestClock()
        feed.clock = clock.clock
        var options = WaterfallScene.Options()
        options.size = Size(width: 320, height: 240)
        let model = ViewerModel(force: ForceScene.Options(), waterfall: options, pictures: feed, view: .waterfall)
        let header = SessionHeader(
            force: ForceScene.Options(), waterfall: options, view: .waterfall,
            items: SessionHeader.Items(source: .pictures, paths: [], items: []))
        // A session of 200 frames whose only input, at frame 100, the replay sends (b: the bar).
        let session = RecordedSession(
            header: header, inputs: [.init(frame: 100, command: .key(.toggleHUD), digest: StateDigest())],
            end: .init(end: 200, digest: StateDigest()))
        let scheduler = FrameScheduler(
            driver: ViewerDriver(model: model), framesPerSecond: 50, replay: replaying ? session : nil)
        scheduler.isMapped = true
        var changes: [(time: UInt64, frame: Int)] = []
        let end = clock.clock.now + 1_500 * Self.millisecond
        while clock.clock.now < end {
            let now = clock.clock.now
            // The workers' frames decoded before the clock moves on (a test waits; the window does not).
            let giveUp = Date().addingTimeInterval(10)
            while feed.animations.playingAnimations == [0], feed.animations.nextAnimationDeadline == nil,
                Date() < giveUp
            {
                feed.loader.waitForWake(milliseconds: 20)
                scheduler.takeProgress(now: now)
            }
            if Self.turn(scheduler, now: now, commands: []) != nil { scheduler.driver.prepareFrame() }
            if let frame = feed.animations.animationPosition(0)?.frame, frame != changes.last?.frame {
                changes.append((now, frame))
            }
            clock.move(by: 2 * Self.millisecond)
        }
        #expect(changes.map(\.frame).prefix(14) == [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1])
        // Each frame 100 ms after the one before, within a turn and the coalescing of deadlines.
        for (before, after) in zip(changes.dropFirst(), changes.dropFirst(2)) {
            let gap = Int((after.time - before.time) / Self.millisecond)
            #expect(abs(gap - 100) <= 10, "\(gap) ms between frames \(before.frame) and \(after.frame)")
        }
    }
}
