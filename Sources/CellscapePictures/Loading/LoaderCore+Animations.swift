import CellscapeRender
import Foundation

extension LoaderCore {
    /// See ``PictureLoader/requestFrames(_:side:count:priority:)``.
    func requestFrames(_ id: PictureID, side: Int, count: Int, priority: Int) {
        guard count > 0 else { return }
        condition.withLock {
            requestsMade += 1
            guard !forgotten[id.rawValue] else { return }
            let key = Self.key(id, side)
            if let waiting = waitingFrames[key] {
                queue.update(waiting) { $0.frames += count }
                queue.raise(waiting, to: Self.level(priority))
            } else {
                waitingFrames[key] = queue.enqueue(
                    Request(id: id, side: side, forWindow: false, frames: count), at: Self.level(priority))
            }
            condition.signal()
        }
    }

    /// See ``PictureLoader/stopFrames(_:side:)``.
    func stopFrames(_ id: PictureID, side: Int) {
        condition.withLock {
            requestsMade += 1
            if let waiting = waitingFrames.removeValue(forKey: Self.key(id, side)) { queue.cancel(waiting) }
            animations[Self.key(id, side)] = nil
        }
    }

    /// Decodes the next `count` frames of an animation, opening it the first time.
    func frames(_ id: PictureID, side: Int, count: Int) -> Result {
        let key = Self.key(id, side)
        defer { condition.withLock { _ = animationsBusy.remove(key) } }
        var animation = condition.withLock { animations[key] }
        do {
            if animation == nil {
                let data = try PictureFile.contents(of: path(id))
                guard let header = PictureHeader(data) else {
                    throw PictureDecoder.Failure(description: "not a picture")
                }
                animation = try AnimationFrames(data, header: header, side: side)
                // Unless the picture was dropped meanwhile: nothing would stop its decoder then.
                condition.withLock { if !forgotten[id.rawValue] { animations[key] = animation } }
            }
        } catch {
            return .frames(id: id, side: side, [], count: nil, plays: nil, problem: "\(path(id)): \(error)")
        }
        guard let animation else { return .frames(id: id, side: side, [], count: nil, plays: nil, problem: nil) }
        var frames: [AnimationFrame] = []
        var problem: String?
        var attempts = 0
        // The end of the animation takes a turn of its own; two ends in a row would mean no frames.
        while frames.count < count && attempts < count + 2 {
            attempts += 1
            do {
                if let frame = try animation.next(output: { self.thumbnails.framebuffer(width: $0, height: $1) }) {
                    frames.append(frame)
                }
            } catch {
                problem = "\(path(id)): \(error)"
                break
            }
        }
        return .frames(
            id: id, side: side, frames, count: animation.count, plays: animation.plays, problem: problem)
    }
}
