import CellscapeLayout
import CellscapeRender
import Foundation

extension LoaderCore {
    func region(_ id: PictureID, _ part: PictureRegion, scale: Double, bytes: PictureBytes.Answer?) -> Result {
        let fitting = Size(
            width: (Double(part.width) * scale).rounded(.up), height: (Double(part.height) * scale).rounded(.up))
        do {
            var note: PictureProblem?
            let image = try PictureDecoder.decode(
                try pictureContents(id, bytes: bytes), region: part, fitting: fitting, alongside: nil,
                pool: windowImages,
                note: &note
            ).picture
            return .region(id: id, part, scale: scale, image.finished(), problem: note)
        } catch {
            return .region(id: id, part, scale: scale, nil, problem: error)
        }
    }
}
