import CDigests
import CPictureCodecs
import CellscapeRender
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Embedded ICC profiles, converted to sRGB with lcms2 as Eye of GNOME and gThumb do. A transform is
/// made once per distinct profile (a folder from one camera shares one) and serves every thread.
enum ColourProfiles {
    /// A transform to sRGB and the pixels it takes.
    /// (Unchecked: an lcms2 transform made with `cmsFLAGS_NOCACHE`, which lcms allows to serve threads at once.)
    struct Transform: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        /// `CELLSCAPE_PROFILE_BGRA`, or a CMYK kind the JPEG decoder applies itself.
        let input: Int32
        var takesCMYK: Bool {
            input == Int32(CELLSCAPE_PROFILE_CMYK) || input == Int32(CELLSCAPE_PROFILE_CMYK_INVERTED)
        }
    }

    /// The transform for the colour `data` carries (see ``PictureHeader/Format/colour``), nil when none
    /// applies.
    static func transform(for data: [UInt8], format: PictureHeader.Format) -> Transform? {
        var profile: UnsafeMutablePointer<UInt8>?
        var length = 0
        var input: Int32 = 0
        let found = data.withUnsafeBufferPointer {
            cellscape_embedded_profile(format.profileCode, $0.baseAddress, $0.count, &profile, &length, &input)
        }
        guard found == 0, let profile else { return nil }
        defer { free(profile) }
        var digest = [UInt8](repeating: 0, count: 16)
        cellscape_md5(profile, length, &digest)
        let key = digest + [UInt8(truncatingIfNeeded: input)]
        return made.withLock { transforms in
            if let known = transforms[key] { return known }
            guard transforms.count < 64, let pointer = cellscape_profile_transform(profile, length, input) else {
                return nil
            }
            let transform = Transform(pointer: pointer, input: input)
            transforms[key] = transform
            return transform
        }
    }

    /// Converts `frame` (premultiplied, as decoders leave it) to sRGB in place, row by row.
    static func convert(_ frame: Framebuffer, with transform: Transform) {
        var straight = [UInt32](repeating: 0, count: frame.width)
        for y in 0..<frame.height {
            let row = frame.pixels + y * frame.stride
            // lcms takes straight colour: premultiplied pixels are divided back, and multiplied again after.
            for x in 0..<frame.width { straight[x] = Self.unpremultiplied(row[x]) }
            straight.withUnsafeMutableBufferPointer {
                cellscape_profile_apply(transform.pointer, $0.baseAddress, $0.baseAddress, Int32(frame.width))
            }
            for x in 0..<frame.width {
                withUnsafeBytes(of: straight[x].littleEndian) { bytes in
                    row[x] = AreaDownscale.premultiplied(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
    }

    /// A premultiplied `0xAARRGGBB` pixel with its colour divided back by its alpha.
    static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 255 else { return pixel }
        guard alpha != 0 else { return 0 }
        let channel = { (shift: UInt32) in min(255, ((pixel >> shift & 0xFF) * 255 + alpha / 2) / alpha) << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    /// The transforms made, by profile digest.
    private static let made = Guarded<[[UInt8]: Transform]>([:])
}
