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
        feed.play([0], side: 40, now: monotonicNanoseconds())
        // Six frames of 100 ms, for ever.
        let played = try AnimationPlaybackTests.play(feed, steps: 8)
        #expect(played.map(\.frame) == [1, 2, 3, 4, 5, 0, 1, 2])
        #expect(played.dropFirst().map(\.after).allSatisfy { $0 == 100 })
        #expect(feed.animationTime(0) == 200, "the third frame shows 200 ms in")
    }

    @Test func theBarSaysAVideosLengthAndThatItIsMuted() throws {
        let feed = try AnimationPlaybackTests.feed("video/with-audio.mp4")
        var options = WaterfallScene.Options()
        options.showsHUD = true
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.selection = 0
        #expect(WaterfallPainter(scene: scene).barText.left.hasSuffix("64x48   9.0 KB   0:01   muted"))
        #expect(WaterfallPainter.length(3723) == "1:02:03" && WaterfallPainter.length(59.6) == "1:00")
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
    }
}
