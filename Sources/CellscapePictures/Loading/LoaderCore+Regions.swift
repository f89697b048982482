import CellscapeLayout
import CellscapeRender

extension LoaderCore {
    /// See ``PictureLoader/requestRegion(index:region:scale:)``.
    func requestRegion(index position: Int, region: PictureRegion, scale: Double) {
        condition.withLock {
            let index = order[position]
            requests.removeAll { $0.index == index && $0.region != nil }
            requests.append(
                Request(priority: -2, index: index, side: 0, forWindow: true, region: (region, min(1, scale))))
            condition.signal()
        }
    }

    func region(_ index: Int, _ part: PictureRegion, scale: Double) -> Result {
        let fitting = Size(
            width: (Double(part.width) * scale).rounded(.up), height: (Double(part.height) * scale).rounded(.up))
        do {
            let data = try PictureFile.contents(of: path(index))
            let image = try PictureDecoder.decode(data, region: part, fitting: fitting, pool: windowImages)
            return .region(index: index, part, scale: scale, image, problem: nil)
        } catch {
            return .region(index: index, part, scale: scale, nil, problem: "\(path(index)): \(error)")
        }
    }
}
