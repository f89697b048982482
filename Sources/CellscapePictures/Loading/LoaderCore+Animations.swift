import CellscapeRender
import Foundation

extension LoaderCore {
    /// Decodes the next `count` frames of an animation on `worker` (a video's from `start`, a seek),
    /// opening it the first time (from `bytes` when held by a source); its decoder is kept in
    /// `animations`, the worker's own.
    func frames(
        _ id: PictureID, side: Int, count: Int, start: Int? = nil, worker: Int, bytes: PictureBytes.Answer? = nil,
        animations: inout [Int64: AnimationFrames]
    ) -> Result {
        let key = Self.key(id, side)
        if animations[key] == nil {
            do {
                let contents = try pictureContents(id, bytes: bytes)
                guard let header = contents.header else { throw PictureHeader.problem(of: contents.read(0, 12)) }
                let animation = try AnimationFrames(contents, header: header, side: side)
                // Unless it was stopped or its picture dropped meanwhile: nothing would let its decoder go then.
                if locked({ $0.animationWorkers[key] == worker }) { animations[key] = animation }
            } catch let problem as PictureProblem {
                return .frames(id: id, side: side, [], count: nil, plays: nil, problem: problem)
            } catch {
                return .frames(id: id, side: side, [], count: nil, plays: nil, problem: .undecodable("\(error)"))
            }
        }
        guard let animation = animations[key] else {
            return .frames(id: id, side: side, [], count: nil, plays: nil, problem: nil)
        }
        if let start, !animation.seek(to: start), start > 0 {
            return .frames(id: id, side: side, [], count: nil, plays: nil, problem: .undecodable("it cannot seek"))
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
        return .frames(
            id: id, side: side, frames, count: animation.count, plays: animation.plays, problem: problem)
    }
}
