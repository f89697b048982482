import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeViewer

/// Clips play in their tiles as animations do, at their stamps' times, loop, and the bar says a video's
/// length and that its sound is muted (a clip cut short: `AnimationPlaybackTests`).
@Suite struct VideoPlaybackTests {
    @Test func aClipLoopsAtItsFramesTimes() throws {
        let feed = try AnimationPlaybackTests.feed("video/h264.mp4")
        #expect(feed.header(at: 0)?.format == .video && feed.header(at: 0)?.isAnimated == true)
        feed.animations.play([0], side: 40, now: monotonicNanoseconds())
        // Six frames of 100 ms, for ever.
        let played = try AnimationPlaybackTests.play(feed, steps: 8)
        #expect(played.map(\.frame) == [1, 2, 3, 4, 5, 0, 1, 2])
        #expect(played.dropFirst().map(\.after).allSatisfy { $0 == 100 })
        #expect(feed.animations.animationTime(0) == 200, "the third frame shows 200 ms in")
    }

    /// Takes the feed's results until `condition` holds (10 s at most: a failure, not a hang).
    static func wait(_ feed: PictureFeed, until condition: () -> Bool) throws {
        let giveUp = Date().addingTimeInterval(10)
        while !condition() && Date() < giveUp {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        try #require(condition())
    }

    /// An open video seeks with its keys: it shows the frame at its new time and plays on from there;
    /// a seek stays within its length, and stepping back a frame seeks to the frame before.
    @Test func anOpenVideoSeeksAndPlaysOnFromThere() throws {
        let feed = try AnimationPlaybackTests.feed("video/keyframes.mp4")
        feed.animations.play([0], side: 32, opened: true, now: monotonicNanoseconds())
        try Self.wait(feed) { feed.animations.animationPosition(0)?.frame == 0 }
        #expect(feed.animations.seekAnimation(0, to: 2_000))
        try Self.wait(feed) { feed.animations.animationPosition(0)?.frame == 20 }
        #expect(feed.animations.animationTime(0) == 2_000)
        let played = try AnimationPlaybackTests.play(feed, steps: 3)
        #expect(played.map(\.frame) == [21, 22, 23])
        // Back a frame: its frames behind it were let go, so it seeks to the one before.
        #expect(feed.animations.stepAnimation(0, by: -1, now: monotonicNanoseconds()))
        try Self.wait(feed) { feed.animations.animationPosition(0)?.frame == 22 }
        // Past the start and past the end: the first frame, the last.
        #expect(feed.animations.seekAnimation(0, by: -60_000))
        try Self.wait(feed) { feed.animations.animationTime(0) == 0 }
        #expect(feed.animations.seekAnimation(0, by: 60_000))
        try Self.wait(feed) { feed.animations.animationPosition(0)?.frame == 29 }
        #expect(!feed.animations.seekAnimation(0, by: 5_000), "at its end already")
    }

    /// Frames decoded before a seek that arrive after it are let go, and the frame shown before it stays
    /// until the first from its new place comes.
    @Test func framesFromBeforeASeekAreLetGo() {
        var animation = PlayingAnimation(side: 2, streams: true)
        animation.receive(StreamingAnimationTests.frames(3), count: nil, plays: nil, now: 0)
        animation.seek(to: 2_000)
        #expect(animation.shown?.number == 0 && animation.current == nil && animation.bytes == 0)
        animation.receive(StreamingAnimationTests.frames(6).suffix(3), count: nil, plays: nil, now: 0)
        #expect(animation.current == nil && animation.bytes == 0)
        var sought = AnimationFrame(number: 20, picture: Framebuffer(width: 2, height: 2).finished(), milliseconds: 10)
        sought.start = 2_000
        animation.receive([sought], count: nil, plays: nil, now: 0)
        #expect(animation.current == 20 && animation.shown?.number == 20)
    }

    @Test func theBarSaysAVideosLengthAndThatItIsMuted() throws {
        let feed = try AnimationPlaybackTests.feed("video/with-audio.mp4")
        var options = WaterfallScene.Options()
        options.showsHUD = true
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.selection = 0
        #expect(WaterfallPainter(scene: scene).barText.left.hasSuffix("64x48   9.0 KB   0:01   muted"))
        #expect(WaterfallPainter(scene: scene).barText.right == "1 video", "videos are counted apart")
        #expect(WaterfallPainter.counts(pictures: 35, videos: 2) == "35 pictures, 2 videos")
        #expect(WaterfallPainter.counts(pictures: 1, videos: 0) == "1 picture")
        #expect(WaterfallPainter.length(3723) == "1:02:03" && WaterfallPainter.length(59.6) == "1:00")
    }

    /// Open and playing, a video says where it is in its length, and its length once: "0:00 / 0:01".
    @Test func anOpenVideoSaysItsLengthOnce() throws {
        let feed = try AnimationPlaybackTests.feed("video/with-audio.mp4")
        var scene = WaterfallScene(options: WaterfallScene.Options(), pictures: feed)
        scene.open(pictureAt: 0)
        #expect(scene.openPicture?.index == 0)
        feed.animations.play([0], side: 64, opened: true, now: monotonicNanoseconds())
        try Self.wait(feed) { feed.animations.animationTime(0) != nil && feed.animations.animationPosition(0) != nil }
        let left = WaterfallPainter(scene: scene).barText.left
        #expect(left.contains("64x48   9.0 KB   muted   0:00 / 0:01   frame 1"), "\(left)")
        #expect(left.components(separatedBy: "0:01").count == 2, "the length once: \(left)")
    }
}

/// A video in the image view streams: each frame goes once shown, so it never holds them all.
@Suite struct StreamingAnimationTests {
    static func frames(_ count: Int) -> [AnimationFrame] {
        (0..<count).map {
            AnimationFrame(number: $0, picture: Framebuffer(width: 2, height: 2).finished(), milliseconds: 10)
        }
    }

    @Test(arguments: [false, true])
    func aStreamingAnimationDropsEachFrameOnceShown(streams: Bool) {
        var animation = PlayingAnimation(side: 2, streams: streams)
        animation.receive(Self.frames(10), count: 10, plays: nil, now: 0)
        var now: UInt64 = 0
        for _ in 0..<9 {
            now += 10_000_000
            _ = animation.advance(to: now, keepsFrames: true)
        }
        #expect(animation.current == 9)
        #expect(animation.holdsAll == !streams)
        #expect(animation.bytes == (streams ? 1 : 10) * 2 * 2 * 4)
        // Stepped rather than played (a snapshot's --frame), alike.
        var stepped = PlayingAnimation(side: 2, streams: streams)
        stepped.receive(Self.frames(10), count: 10, plays: nil, now: 0)
        let moved = (0..<9).map { _ in stepped.step(by: 1, now: 0) }
        #expect(moved.allSatisfy { $0 })
        #expect(stepped.current == 9 && stepped.bytes == (streams ? 1 : 10) * 2 * 2 * 4)
    }
}

/// Frames kept so an animation loops without decoding come after room for every animation's frames
/// ahead: clips held whole had left the others two frames ahead, and one of their frames in seven late.
@Suite struct FramesAheadTests {
    static func player(_ count: Int) -> AnimationPlayer {
        var player = AnimationPlayer()
        for id in 0..<count {
            var animation = PlayingAnimation(side: 2)
            // Ten frames of twenty: neither holds all its frames yet.
            animation.receive(StreamingAnimationTests.frames(10), count: 20, plays: nil, now: 0)
            player.playing[PictureID(id)] = animation
        }
        return player
    }

    @Test func roomForFramesAheadComesBeforeFramesKeptToLoop() throws {
        var player = Self.player(2)
        let frameBytes = try #require(player.playing[PictureID(0)]).frameBytes
        let room = 2 * PlayingAnimation.ahead * frameBytes
        #expect(frameBytes > 0 && player.framesAhead(budget: room).count == PlayingAnimation.ahead)
        #expect(player.framesAhead(budget: room).bytes == room)
        // Both fit the budget whole, but not with the room ahead too: the first keeps its frames, the
        // second drops the one it leaves.
        let budget = 10 * frameBytes + room
        _ = player.advance(to: 10_000_000, early: 0, budget: budget, inOrder: [PictureID(0), PictureID(1)])
        #expect(player.playing[PictureID(0)]?.current == 1 && player.playing[PictureID(1)]?.current == 1)
        #expect(player.playing[PictureID(0)]?.frames.count == 10)
        #expect(player.playing[PictureID(1)]?.frames.count == 9)
    }

    @Test func withoutRoomForAllTheirFramesAheadAnimationsDecodeFewer() throws {
        let player = Self.player(3)
        let frameBytes = try #require(player.playing[PictureID(0)]).frameBytes
        let ahead = player.framesAhead(budget: 3 * PlayingAnimation.ahead * frameBytes - 1)
        #expect(ahead.count == PlayingAnimation.aheadWhenFull && ahead.bytes == 0)
    }
}
