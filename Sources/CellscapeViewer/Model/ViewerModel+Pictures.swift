import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// Drawing as the window shows a view once its pictures have arrived: what a snapshot or a replay
/// writes. The state is not moved on (thumbnails show without their fade).
extension ViewerModel {
    /// Draws the showing view once the pictures it draws have arrived, at most `timeout` seconds.
    public mutating func renderWithPicturesArrived(
        into frame: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?, timeout: Double = 60
    ) {
        if let pictures = waterfall.pictures {
            Self.wait(for: pictures, timeout: timeout) {
                takePictureResults()
                prepareFrame()
                return view == .force
                    ? force.picturesArrived : WaterfallWork(scene: waterfall, pictures: pictures).arrived
            }
            waterfall.finishFades()
        }
        prepareFrame()
        render(into: frame, rasterizer: rasterizer, text: text)
    }

    /// Asks `arrived` (which takes the pictures' results and draws) until it says so or `timeout`
    /// seconds pass, waiting for the workers in between.
    static func wait(for pictures: PictureFeed, timeout: Double, until arrived: () -> Bool) {
        CallerWait.until(timeout: timeout, arrived) { pictures.loader.waitForWake(milliseconds: 50) }
    }
}

extension WaterfallScene {
    /// Draws the frame once every header, the thumbnails in view and the open picture at the size it
    /// is drawn have arrived, at most `timeout` seconds.
    public mutating func renderWithPicturesArrived(into frame: Framebuffer, text: TextRenderer?, timeout: Double = 60) {
        if let pictures {
            ViewerModel.wait(for: pictures, timeout: timeout) {
                takePictureResults()
                prepareFrame()
                return WaterfallWork(scene: self, pictures: pictures).arrived
            }
            finishFades()
        }
        prepareFrame()
        render(into: frame, text: text)
    }
}

extension ForceScene {
    /// Draws the frame once every cell's picture has arrived, at most `timeout` seconds.
    public func renderWithPicturesArrived(
        into frame: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?, timeout: Double = 60
    ) {
        if let pictures {
            ViewerModel.wait(for: pictures, timeout: timeout) {
                pictures.takeResults()
                prepareFrame()
                return picturesArrived
            }
        }
        prepareFrame()
        render(into: frame, rasterizer: rasterizer, text: text)
    }

    /// Whether every cell's picture has arrived (or is known broken).
    var picturesArrived: Bool {
        guard let pictures else { return true }
        return (0..<pictures.count).allSatisfy { pictures.hasThumbnail(at: $0) || pictures.isPassedOver(at: $0) }
    }
}
