import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// Folders of pictures written for tests and benches: photo-like JPEGs and PNGs, animated GIFs.
public enum FixtureFolders {
    /// Writes `count` photo-like JPEGs of `width` x `height` (quality 90: smooth light and colour with
    /// fine grain, not flat colour) and `count / 10` PNGs into `folder`; returns their paths.
    public static func photos(in folder: String, count: Int, width: Int = 3000, height: Int = 2000) throws
        -> [String]
    {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<(count + count / 10) {
            let isPNG = index >= count
            let frame = photo(
                width: isPNG ? width / 3 : width, height: isPNG ? height / 3 : height, seed: UInt64(index))
            let bytes = isPNG ? PictureEncoder.png(frame) : FixturePictures.jpeg(frame, quality: 90)
            let path = "\(folder)/photo\(index + 1).\(isPNG ? "png" : "jpg")"
            // Through a temporary name, so an interrupted run leaves no half picture under a picture's name.
            guard let bytes, FileManager.default.createFile(atPath: path + ".partial", contents: Data(bytes)),
                rename(path + ".partial", path) == 0
            else {
                throw CocoaError(.fileWriteUnknown)
            }
            paths.append(path)
        }
        return paths
    }

    /// A photo-like picture: a coarse random field of colour, smoothly interpolated, with grain.
    static func photo(width: Int, height: Int, seed: UInt64) -> Framebuffer {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
        let cells = 12
        let field = (0..<((cells + 1) * (cells + 1))).map { _ in
            SIMD3<Double>(random.nextUnit(), random.nextUnit(), random.nextUnit()) * 255
        }
        let frame = Framebuffer(width: width, height: height)
        for y in 0..<height {
            let fy = Double(y) * Double(cells) / Double(height)
            let row = Int(fy)
            let ty = fy - Double(row)
            for x in 0..<width {
                let fx = Double(x) * Double(cells) / Double(width)
                let column = Int(fx)
                let tx = fx - Double(column)
                let top = field[row * (cells + 1) + column] * (1 - tx) + field[row * (cells + 1) + column + 1] * tx
                let bottom =
                    field[(row + 1) * (cells + 1) + column] * (1 - tx) + field[(row + 1) * (cells + 1) + column + 1]
                    * tx
                let grain = Double(SplitMix64.mix(UInt64(y * width + x) ^ seed) & 31) - 16
                let colour = (top * (1 - ty) + bottom * ty) + SIMD3(repeating: grain)
                let clamped = colour.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
                frame[x, y] = 0xFF00_0000 | UInt32(clamped.x) << 16 | UInt32(clamped.y) << 8 | UInt32(clamped.z)
            }
        }
        return frame
    }

    /// Writes `count` animated GIFs of `width` x `height`, `frames` frames at 10 a second, looping for
    /// ever, a third of them with a transparent background; returns their paths.
    public static func animations(in folder: String, count: Int, width: Int = 480, height: Int = 270, frames: Int = 60)
        throws -> [String]
    {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A colour cube of 6 x 7 x 6 levels; index 255 is the transparent one.
        var palette = [UInt8](repeating: 0, count: 768)
        for index in 0..<252 {
            palette[3 * index] = UInt8(index / 42 * 51)
            palette[3 * index + 1] = UInt8(index / 6 % 7 * 42)
            palette[3 * index + 2] = UInt8(index % 6 * 51)
        }
        var paths: [String] = []
        for picture in 0..<count {
            let transparent = picture % 3 == 2
            var indices = [UInt8](repeating: 0, count: width * height * frames)
            var random = SplitMix64(seed: UInt64(picture) &+ 11)
            let colours = (0..<4).map { _ in UInt8(random.next() % 252) }
            for frame in 0..<frames {
                // A disc circling over a banded background: every frame changes.
                let angle = Double(frame) / Double(frames) * 2 * .pi
                let centre = (Double(width) * (0.5 + 0.3 * cos(angle)), Double(height) * (0.5 + 0.3 * sin(angle)))
                let radius = Double(height) / 5
                for y in 0..<height {
                    for x in 0..<width {
                        let dx = Double(x) - centre.0
                        let dy = Double(y) - centre.1
                        let inDisc = dx * dx + dy * dy < radius * radius
                        let band = colours[(x / 40 + y / 40 + frame / 10) % 2 + 1]
                        indices[(frame * height + y) * width + x] = inDisc ? colours[0] : (transparent ? 255 : band)
                    }
                }
            }
            let bytes = FixturePictures.gif(
                indices: indices, width: width, height: height, frames: frames, palette: palette,
                transparentIndex: transparent ? 255 : nil, centiseconds: 10)
            let path = "\(folder)/animation\(picture + 1).gif"
            guard let bytes, FileManager.default.createFile(atPath: path + ".partial", contents: Data(bytes)),
                rename(path + ".partial", path) == 0
            else { throw CocoaError(.fileWriteUnknown) }
            paths.append(path)
        }
        return paths
    }
}
