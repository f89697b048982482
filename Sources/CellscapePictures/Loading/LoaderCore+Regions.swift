import CellscapeLayout
import CellscapeRender
import Foundation

extension LoaderCore {
    func region(_ id: PictureID, _ part: PictureRegion, scale: Double) -> Result {
        let fitting = Size(
            width: (Double(part.width) * scale).rounded(.up), height: (Double(part.height) * scale).rounded(.up))
        do {
            let data = try contents(id)
            var note: PictureProblem?
            let image = try PictureDecoder.decode(data, region: part, fitting: fitting, pool: windowImages, note: &note)
            return .region(id: id, part, scale: scale, image.finished(), problem: note)
        } catch {
            return .region(id: id, part, scale: scale, nil, problem: error)
        }
    }
}
