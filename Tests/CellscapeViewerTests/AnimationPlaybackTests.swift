import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeViewer

/// Animations in the feed play their own delays (under 20 ms as 100 ms), loop as their files say,
/// stop when they leave the screen, and pause.
@Suite struct AnimationPlaybackTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CellscapePicturesTests/Fixtures").path

    /// A feed of one fixture, its header read.
    static func feed(_ name: String) throws -> PictureFeed {
        let path = "\(fixtures)/\(name)"
        try #require(FileManager.default.fileExists(atPath: path), "no fixture \(name)")
        let feed = PictureFeed(paths: [path], threads: 1, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        return feed
    }

    /// Steps the feed's animation through `steps` frames at their deadlines: each frame's number and
    /// how long the one before it showed (ms).
    static func play(_ feed: PictureFeed, steps: Int, observe: (PictureFeed) -> Void = { _ in }) throws
        -> [(frame: Int, after: Int)]
    {
        var played: [(Int, Int)] = []
        var last: UInt64?
        for _ in 0..<steps {
            // The next frame decoded (the workers run ahead): its deadline is known.
            let waitUntil = Date().addingTimeInterval(10)
            while feed.animations.nextAnimationDeadline == nil && Date() < waitUntil {
                feed.loader.waitForWake(milliseconds: 20)
                feed.takeResults()
            }
            let deadline = try #require(feed.animations.nextAnimationDeadline)
            #expect(feed.animations.advanceAnimations(to: deadline))
            observe(feed)
            let frame = try #require(feed.animations.animationPosition(0)).frame
            played.append((frame, last.map { Int((deadline - $0) / 1_000_000) } ?? 0))
            last = deadline
        }
        return played
    }

    @Test func framesPlayTheirOwnDelaysAndLoopForEver() throws {
        let feed = try Self.feed("disposal-1.gif")
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        let played = try Self.play(feed, steps: 9)
        // Delays of 100, 0 (played as 100), 20 and 250 ms; NETSCAPE2.0 loop count 0: for ever.
        #expect(played.map(\.frame) == [1, 2, 3, 0, 1, 2, 3, 0, 1])
        #expect(played.dropFirst().map(\.after) == [100, 20, 250, 100, 100, 20, 250, 100])
    }

    @Test func aWebPPlaysItsLoopCountAndRestsOnItsLastFrame() throws {
        let feed = try Self.feed("animated.webp")
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        // Three plays of four frames: eleven steps after the first frame, then no deadline.
        let played = try Self.play(feed, steps: 11)
        #expect(played.map(\.frame) == [1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3])
        #expect(played.dropFirst().prefix(3).map(\.after) == [50, 20, 250])
        feed.loader.waitForWake(milliseconds: 100)
        feed.takeResults()
        #expect(feed.animations.nextAnimationDeadline == nil)
        #expect(
            feed.animations.advanceAnimations(to: .max) == false && feed.animations.animationPosition(0)?.frame == 3)
    }

    @Test func anAPNGPlaysItsPlayCountAndRestsOnItsLastFrame() throws {
        let feed = try Self.feed("apng-default-apart.png")
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        // Three plays of four frames of 100 ms (the default image is not one of them).
        let played = try Self.play(feed, steps: 11)
        #expect(played.map(\.frame) == [1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3])
        #expect(played.dropFirst().map(\.after).allSatisfy { $0 == 100 })
        feed.loader.waitForWake(milliseconds: 100)
        feed.takeResults()
        #expect(feed.animations.nextAnimationDeadline == nil)
    }

    /// A file cut short shows what it holds and says so in the bar; it is not broken.
    @Test(arguments: ["cut-short.png", "cut-short-animated.webp", "video/cut-short.mp4"])
    func aPictureCutShortShowsWhatItHoldsAndSaysSo(name: String) throws {
        let feed = try Self.feed(name)
        var options = WaterfallScene.Options()
        options.showsHUD = true
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.selection = 0
        let deadline = Date().addingTimeInterval(20)
        while feed.note(at: 0) == nil && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            scene.takePictureResults()
            scene.prepareFrame()
            _ = feed.animations.advanceAnimations(to: .max)
        }
        #expect(feed.note(at: 0) == "ends early" && feed.problem(at: 0) == nil && feed.brokenCount == 0)
        #expect(
            WaterfallPainter(scene: scene).barText.left.hasSuffix("ends early"),
            "\(WaterfallPainter(scene: scene).barText.left)")
    }

    @Test func anAnimationOffScreenStopsAndGivesItsFramesBack() throws {
        let feed = try Self.feed("disposal-2.gif")
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        _ = try Self.play(feed, steps: 2)
        #expect(feed.animations.animationFrame(0) != nil && feed.animations.animationBytes > 0)
        feed.animations.play([], side: 40, now: monotonicNanoseconds())
        #expect(
            feed.animations.animationFrame(0) == nil && feed.animations.animationBytes == 0
                && feed.animations.nextAnimationDeadline == nil)
    }

    @Test func framesShownAndLateAreCountedAfterTheAnimationStops() throws {
        let feed = try Self.feed("disposal-1.gif")
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        _ = try Self.play(feed, steps: 3)
        let onTime = feed.animations.animationFrames
        #expect(onTime.shown >= 3 && onTime.late == 0, "\(onTime)")
        _ = try Self.play(feed, steps: 1)
        // The next frame shown 21 ms after it was due: late (a frame's 20 ms).
        let deadline = try #require(feed.animations.nextAnimationDeadline)
        #expect(feed.animations.advanceAnimations(to: deadline + 21_000_000))
        feed.animations.play([], side: 40, now: monotonicNanoseconds())
        #expect(feed.animations.playingAnimations.isEmpty)
        #expect(feed.animations.animationFrames == (onTime.shown + 2, 1))
    }

    @Test func pausedAnimationsHaveNoDeadlineAndStepByKey() throws {
        let feed = try Self.feed("disposal-0.gif")
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        _ = try Self.play(feed, steps: 1)
        feed.animations.setAnimationsPaused(true, now: monotonicNanoseconds())
        #expect(feed.animations.nextAnimationDeadline == nil && !feed.animations.advanceAnimations(to: .max))
        let before = try #require(feed.animations.animationPosition(0)).frame
        let waitUntil = Date().addingTimeInterval(10)
        while !feed.animations.stepAnimation(0, by: 1, now: monotonicNanoseconds()) && Date() < waitUntil {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        #expect(feed.animations.animationPosition(0)?.frame == before + 1)
        #expect(feed.animations.stepAnimation(0, by: -1, now: monotonicNanoseconds()))
        #expect(feed.animations.animationPosition(0)?.frame == before)
    }

    /// An animation larger than the memory bound plays from a window of decoded frames: what it holds
    /// stays within the bound and a few frames ahead, and it plays on, loop after loop.
    @Test func anAnimationLargerThanTheMemoryBoundPlaysFromAWindowOfFrames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-long-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = try FixtureFolders.animations(in: root, count: 1, width: 400, height: 300, frames: 30)
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 4 << 20) { _ in }
        feed.waitForAllHeaders()
        feed.animations.play([0], side: 400, now: monotonicNanoseconds())
        let frameBytes = 400 * 300 * 4
        var largest = 0
        var miscounted = 0
        let played = try Self.play(feed, steps: 70) { feed in
            largest = max(largest, feed.animations.animationBytes)
            // The bytes kept as frames come and go, against their sum.
            let held = feed.animations.player.playing.values.flatMap(\.frames.values).reduce(0) {
                $0 + $1.picture.capacity * 4
            }
            if held != feed.animations.animationBytes { miscounted += 1 }
        }
        #expect(miscounted == 0)
        #expect(played.map(\.frame) == (1...70).map { $0 % 30 })
        #expect(largest > 0 && largest <= (4 << 20) + (PlayingAnimation.ahead + 1) * frameBytes, "\(largest)")
        #expect(feed.animations.player.playing[feed.order[0]]?.holdsAll == false, "30 frames of 480 KB do not fit 4 MB")
    }
}
