import CellscapeLayout
import CellscapeRender
import Foundation

extension LoaderCore {
    /// See ``PictureLoader/requestRegion(_:region:scale:)``.
    func requestRegion(_ id: PictureID, region: PictureRegion, scale: Double) {
        condition.withLock {
            requestsMade += 1
            guard !forgotten[id.rawValue] else { return }
            if let waiting = waitingRegions[id] { queue.cancel(waiting) }
            waitingRegions[id] = queue.enqueue(
                Request(id: id, side: 0, forWindow: true, region: (region, min(1, scale))), at: .open)
            condition.signal()
        }
    }

    func region(_ id: PictureID, _ part: PictureRegion, scale: Double) -> Result {
        let fitting = Size(
            width: (Double(part.width) * scale).rounded(.up), height: (Double(part.height) * scale).rounded(.up))
        do {
            let data = try PictureFile.contents(of: path(id))
            let image = try PictureDecoder.decode(data, region: part, fitting: fitting, pool: windowImages)
            return .region(id: id, part, scale: scale, image.finished(), problem: nil)
        } catch {
            return .region(id: id, part, scale: scale, nil, problem: "\(path(id)): \(error)")
        }
    }
}
