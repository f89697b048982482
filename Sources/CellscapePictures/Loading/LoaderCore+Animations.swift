import CellscapeRender

extension LoaderCore {
    /// See ``PictureLoader/requestFrames(index:side:count:priority:)``.
    func requestFrames(index position: Int, side: Int, count: Int, priority: Int) {
        guard count > 0 else { return }
        condition.withLock {
            let index = order[position]
            if let waiting = requests.firstIndex(where: { $0.index == index && $0.side == side && $0.frames > 0 }) {
                requests[waiting].frames += count
                requests[waiting].priority = min(requests[waiting].priority, priority)
            } else {
                requests.append(Request(priority: priority, index: index, side: side, forWindow: false, frames: count))
            }
            condition.signal()
        }
    }

    /// See ``PictureLoader/stopFrames(index:side:)``.
    func stopFrames(index position: Int, side: Int) {
        condition.withLock {
            let index = order[position]
            requests.removeAll { $0.index == index && $0.side == side && $0.frames > 0 }
            animations[Self.key(index, side)] = nil
        }
    }

    /// Decodes the next `count` frames of an animation, opening it the first time.
    func frames(_ index: Int, side: Int, count: Int) -> Result {
        let key = Self.key(index, side)
        defer { condition.withLock { _ = animationsBusy.remove(key) } }
        var animation = condition.withLock { animations[key] }
        do {
            if animation == nil {
                let data = try PictureFile.contents(of: path(index))
                guard let header = PictureHeader(data) else {
                    throw PictureDecoder.Failure(description: "not a picture")
                }
                animation = try AnimationFrames(data, header: header, side: side)
                // Unless the picture was dropped meanwhile: nothing would stop its decoder then.
                condition.withLock { if positions[index] >= 0 { animations[key] = animation } }
            }
        } catch {
            return .frames(index: index, side: side, [], count: nil, plays: nil, problem: "\(path(index)): \(error)")
        }
        guard let animation else { return .frames(index: index, side: side, [], count: nil, plays: nil, problem: nil) }
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
                problem = "\(path(index)): \(error)"
                break
            }
        }
        return .frames(
            index: index, side: side, frames, count: animation.count, plays: animation.plays, problem: problem)
    }
}
