import CellscapeRender
import Foundation

extension LoaderCore {
    /// Decodes the next `count` frames of an animation (a video's from `start`, a seek) with `decoder`,
    /// opening it the first time (from `bytes` when held by a source); returns them and the decoder,
    /// for its next frames.
    func frames(
        _ id: PictureID, side: Int, count: Int, start: Int? = nil, decoder parked: ParkedAnimation?,
        bytes: PictureBytes.Answer? = nil
    ) -> (Result, ParkedAnimation?) {
        let decoder: ParkedAnimation
        do {
            decoder = try parked ?? open(id, side: side, bytes: bytes)
        } catch let problem as PictureProblem {
            return (.frames(id: id, side: side, [], count: nil, plays: nil, problem: problem), nil)
        } catch {
            return (.frames(id: id, side: side, [], count: nil, plays: nil, problem: .undecodable("\(error)")), nil)
        }
        let animation = decoder.frames
        if let start, !animation.seek(to: start), start > 0 {
            let problem = PictureProblem.undecodable("it cannot seek")
            return (.frames(id: id, side: side, [], count: nil, plays: nil, problem: problem), decoder)
        }
        var frames: [AnimationFrame] = []
        var problem: PictureProblem?
        var attempts = 0
        // The end of the animation takes a turn of its own; two ends in a row would mean no frames.
        while frames.count < count && attempts < count + 2 {
            attempts += 1
            do {
                if let frame = try animation.next(output: { self.thumbnails.framebuffer(width: $0, height: $1) }) {
                    frames.append(frame)
                }
            } catch {
                problem = error
                break
            }
        }
        // Frames decoded, the file having ended early: shown, and said.
        if problem == nil && animation.endsEarly { problem = .endsEarly }
        let result = Result.frames(
            id: id, side: side, frames, count: animation.count, plays: animation.plays, problem: problem)
        return (result, decoder)
    }

    /// The decoder of an animation's frames at `side`, opened from its file or `bytes`.
    private func open(_ id: PictureID, side: Int, bytes: PictureBytes.Answer?) throws -> ParkedAnimation {
        let contents = try pictureContents(id, bytes: bytes)
        guard let header = contents.header else { throw PictureHeader.problem(of: contents.read(0, 12)) }
        return ParkedAnimation(try AnimationFrames(contents, header: header, side: side))
    }
}
