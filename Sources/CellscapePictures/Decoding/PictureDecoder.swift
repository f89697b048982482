import CPictureCodecs
import CellscapeLayout
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes JPEG, PNG, GIF and WebP pictures into upright framebuffers of the size a view needs, with
/// premultiplied alpha and their embedded colour profiles converted to sRGB.
///
/// JPEG decodes at the smallest DCT scale not below the target (a baseline JPEG at 1/8 from its DC
/// terms alone, skipping the rest of its codes); both formats come row by row and shrink by area as
/// they come (`AreaDownscale`), so a huge picture needs memory for a few rows, not for its pixels.
/// Errors come back as one line; a picture of more than ``maximumPixels`` is refused before any
/// allocation.
public enum PictureDecoder {
    /// Pictures with more pixels than this are refused (a header may claim anything).
    public static let maximumPixels = 1_000_000_000.0
    /// Interlaced PNGs are decoded whole before they shrink, so they are held to this.
    public static let maximumInterlacedPixels = 64_000_000.0
    /// Animations are composited on a canvas of their full size frame after frame, so their canvases
    /// are held to this (a few bytes may claim a screen of 65535 x 65535; a still WebP is scaled by
    /// libwebp as it decodes instead).
    public static let maximumCanvasPixels = 32_000_000.0

    /// Why a picture could not be decoded (``PictureProblem``).
    public typealias Failure = PictureProblem

    /// The picture in `data`, upright, shrunk to fit within `fitting` (keeping its aspect ratio; never
    /// enlarged). `fitting` of nil keeps the full size. `pool`, when given, lends the output's memory
    /// (see ``PixelPool``).
    public static func decode(_ data: [UInt8], fitting: Size? = nil, pool: PixelPool? = nil) throws(Failure)
        -> Framebuffer
    {
        try decode(data, region: nil, fitting: fitting, pool: pool)
    }

    /// The part `region` (in upright pixels, clipped to the picture) of the picture in `data`, upright,
    /// shrunk to fit within `fitting` (nil: at full size). Only that part is held in memory: a JPEG
    /// decodes only its columns and the rows down to its bottom, other formats keep only its rows.
    /// A picture too large to hold whole is shown at 100% this way.
    public static func decode(_ data: [UInt8], region: PictureRegion?, fitting: Size?, pool: PixelPool? = nil)
        throws(Failure) -> Framebuffer
    {
        var note: PictureProblem?
        return try decode(data, region: region, fitting: fitting, pool: pool, note: &note)
    }

    /// The picture in `data` as ``decode(_:region:fitting:pool:)`` gives it, and in `note` what is
    /// missing when it shows only part of what the file should hold ("ends early": a file cut short
    /// shows the rows and frames it has, as browsers show it; the rest is transparent).
    public static func decode(
        _ data: [UInt8], region: PictureRegion?, fitting: Size?, pool: PixelPool? = nil, note: inout PictureProblem?
    ) throws(Failure) -> Framebuffer {
        try decode(data, region: region, fitting: fitting, alongside: nil, pool: pool, note: &note).picture
    }

    /// The picture as ``decode(_:region:fitting:pool:note:)`` gives it and, for JPEG and PNG, a smaller
    /// one fitting `alongside` x `alongside` made from the same rows (a tile at its exact size beside
    /// the cache's standard thumbnail, from one decode: shrunk from that thumbnail instead, fine detail
    /// is reduced twice); nil where it is not smaller or the format decodes otherwise.
    static func decode(
        _ data: [UInt8], region: PictureRegion?, fitting: Size?, alongside: Int?, pool: PixelPool? = nil,
        note: inout PictureProblem?
    ) throws(Failure) -> (picture: Framebuffer, alongside: Framebuffer?) {
        try decode(.bytes(data), region: region, fitting: fitting, alongside: alongside, pool: pool, note: &note)
    }

    /// The same for `contents`: a video's file is read in the ranges its demuxer asks for.
    static func decode(
        _ contents: PictureContents, region: PictureRegion?, fitting: Size?, alongside: Int?, pool: PixelPool? = nil,
        note: inout PictureProblem?
    ) throws(Failure) -> (picture: Framebuffer, alongside: Framebuffer?) {
        guard let header = contents.header else { throw PictureHeader.problem(of: contents.read(0, 12)) }
        let data = try contents.whole(readingInRanges: header.format.readsInRanges)
        let whole = PictureRegion(x: 0, y: 0, width: header.width, height: header.height)
        guard let shown = (region ?? whole).clipped(to: whole) else {
            throw .regionOutside
        }
        let target = targetSize(width: shown.width, height: shown.height, fitting: fitting)
        // The stored picture's part and target: sides swapped back for the orientations that turn it a quarter.
        let part = region == nil ? nil : shown.stored(by: header)
        let stored = header.orientation.swapsSides ? (target.height, target.width) : (target.width, target.height)
        let output = { (width: Int, height: Int) in
            pool?.framebuffer(width: width, height: height) ?? Framebuffer(width: width, height: height)
        }
        let profile = header.format.carriesColour ? ColourProfiles.transform(for: data, format: header.format) : nil
        let second = alongside.flatMap { side -> SecondReduction? in
            let size = targetSize(
                width: shown.width, height: shown.height, fitting: Size(width: Double(side), height: Double(side)))
            guard region == nil, header.format.reducesAlongside, !header.hidesDefaultImage,
                size.width < target.width || size.height < target.height
            else { return nil }
            let swaps = header.orientation.swapsSides
            return SecondReduction(width: swaps ? size.height : size.width, height: swaps ? size.width : size.height)
        }
        let still = Still(
            contents: data.isEmpty ? contents : contents.holding(data), header: header, width: stored.0,
            height: stored.1,
            region: part, second: second,
            profile: profile, output: output)
        let shrunk = try header.format.decodeStill(still, &note)
        // Converted once shrunk, as libvips does: the colour of a thumbnail costs its own pixels only.
        let pictures = [shrunk] + (second?.output.map { [$0] } ?? [])
        if let profile, !profile.takesCMYK {
            for picture in pictures { ColourProfiles.convert(picture, with: profile) }
        }
        let turned = pictures.map { upright($0, orientation: header.orientation, output) }
        return (turned[0], turned.count > 1 ? turned[1] : nil)
    }

    /// `picture`, already decoded, shrunk by area to fit within `side` x `side` (as it is when it fits).
    public static func shrink(_ picture: Framebuffer, fitting side: Int, pool: PixelPool? = nil) -> Framebuffer {
        guard picture.width > side || picture.height > side else { return picture }
        let scale = Double(side) / Double(max(picture.width, picture.height))
        var downscale = AreaDownscale(
            sourceWidth: picture.width, sourceHeight: picture.height,
            width: max(1, Int((Double(picture.width) * scale).rounded())),
            height: max(1, Int((Double(picture.height) * scale).rounded()))
        ) { width, height in
            pool?.framebuffer(width: width, height: height) ?? Framebuffer(width: width, height: height)
        }
        for y in 0..<picture.height {
            UnsafeRawPointer(picture.pixels + y * picture.stride).withMemoryRebound(
                to: UInt8.self, capacity: 4 * picture.width
            ) {
                downscale.add(row: $0, premultiplied: true)
            }
        }
        return downscale.output
    }

    /// The size a picture of `header`'s shown size takes to fit within `fitting`, at least 1 x 1.
    public static func targetSize(header: PictureHeader, fitting: Size?) -> (width: Int, height: Int) {
        targetSize(width: header.width, height: header.height, fitting: fitting)
    }

    /// The size `width` x `height` takes to fit within `fitting` (never enlarged), at least 1 x 1.
    static func targetSize(width: Int, height: Int, fitting: Size?) -> (width: Int, height: Int) {
        guard let fitting, fitting.width > 0, fitting.height > 0 else { return (width, height) }
        let scale = min(1, fitting.width / Double(width), fitting.height / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    static func decodeJPEG(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        let (data, width, height, output) = (still.data, still.width, still.height, still.output)
        let cmyk = still.profile?.takesCMYK == true ? still.profile?.pointer : nil
        let bounds = still.region.map { [Int32($0.x), Int32($0.y), Int32($0.width), Int32($0.height)] }
        var picture = cellscape_picture()
        // A thumbnail of a baseline JPEG comes from its DC terms alone, about twice as fast as libjpeg
        // (a whole picture only: a region goes to libjpeg's crop).
        let eighth =
            still.region != nil
            ? 0
            : data.withUnsafeBufferPointer { bytes in
                cellscape_jpeg_decode_eighth(
                    bytes.baseAddress, bytes.count, Int32(width), Int32(height), maximumPixels, &picture)
            }
        if eighth == 1, let shrunk = shrink(picture, width: width, height: height, second: still.second, output) {
            return shrunk
        }
        return try decodeRows(width: width, height: height, second: still.second, note: &note, output) {
            rows, message in
            data.withUnsafeBufferPointer { bytes in
                cellscape_jpeg_decode_rows(
                    bytes.baseAddress, bytes.count, Int32(width), Int32(height), maximumPixels, cmyk, bounds,
                    rows.size, rows.size + 1, Unmanaged.passUnretained(rows).toOpaque(), RowSink.callback, message,
                    256)
            }
        }
    }

    static func decodePNG(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        // An APNG whose default image is not one of its frames shows its first frame (the APNG player
        // shows the default image alone where the animation is broken).
        if still.header.hidesDefaultImage { return try decodeFirstFrame(still, note: &note) }
        let data = still.data
        return try decodeRows(
            width: still.width, height: still.height, crop: still.region, second: still.second, note: &note,
            still.output
        ) { rows, message in
            data.withUnsafeBufferPointer { bytes in
                cellscape_png_decode_rows(
                    bytes.baseAddress, bytes.count, maximumPixels, maximumInterlacedPixels, rows.size, rows.size + 1,
                    Unmanaged.passUnretained(rows).toOpaque(), RowSink.callback, message, 256)
            }
        }
    }

    /// A WebP: a still one decoded by libwebp at the still's size (it scales while it decodes), an
    /// animation (or a region of one) by its first frame.
    static func decodeWebP(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        if still.region == nil,
            let decoded = try decodeStillWebP(
                still.data, width: still.width, height: still.height, note: &note, still.output)
        {
            return decoded
        }
        return try decodeFirstFrame(still, note: &note)
    }

    /// The first frame of a GIF, WebP or APNG, composited, shrunk to the still's size.
    static func decodeFirstFrame(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        let (data, format, width, height, region) = (
            still.data, still.header.format, still.width, still.height, still.region
        )
        let frames = try PictureFrames(data, format: format)
        guard let first = try frames.next() else { throw .withoutFrames(animation: false) }
        if frames.endsEarly { note = .endsEarly }
        let part = region ?? PictureRegion(x: 0, y: 0, width: frames.width, height: frames.height)
        var downscale = AreaDownscale(
            sourceWidth: part.width, sourceHeight: part.height, width: width, height: height, output: still.output)
        for row in part.y..<part.y + part.height {
            downscale.add(row: first.canvas + (row * frames.width + part.x) * 4)
        }
        return downscale.output
    }

    /// A still WebP decoded by libwebp at `width` x `height` (it scales while it decodes), nil for an animation.
    private static func decodeStillWebP(
        _ data: [UInt8], width: Int, height: Int, note: inout PictureProblem?,
        _ output: @escaping (Int, Int) -> Framebuffer
    ) throws(Failure) -> Framebuffer? {
        var picture = cellscape_picture()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { bytes in
            cellscape_webp_decode_still(
                bytes.baseAddress, bytes.count, Int32(width), Int32(height), maximumPixels, &picture, &message, 256)
        }
        if status < 0 { throw .undecodable(text(message)) }
        if status == 2 { note = .endsEarly }
        return status >= 1 ? shrink(picture, width: width, height: height, output) : nil
    }

    /// A picture a C decoder made whole (malloc'd), shrunk to `width` x `height` (and to `second`'s
    /// size, when given) and freed.
    private static func shrink(
        _ picture: cellscape_picture, width: Int, height: Int, second: SecondReduction? = nil,
        _ output: @escaping (Int, Int) -> Framebuffer
    ) -> Framebuffer? {
        guard let pixels = picture.pixels else { return nil }
        defer { free(pixels) }
        let source = (width: Int(picture.width), height: Int(picture.height))
        var downscale = AreaDownscale(
            sourceWidth: source.width, sourceHeight: source.height, width: width, height: height, output: output)
        var alongside = second.map {
            AreaDownscale(
                sourceWidth: source.width, sourceHeight: source.height, width: $0.width, height: $0.height,
                output: output)
        }
        for row in 0..<source.height {
            downscale.add(row: pixels + row * Int(picture.stride))
            alongside?.add(row: pixels + row * Int(picture.stride))
        }
        second?.output = alongside?.output
        return downscale.output
    }
}
