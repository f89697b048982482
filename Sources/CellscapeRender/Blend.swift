// Pixel arithmetic shared by the rasterizers.

/// Blends `source` over `destination` with coverage `alpha` in `0...256`, both as `0xFFRRGGBB` pixels.
@inline(__always)
func blend(_ destination: UInt32, _ source: UInt32, alpha: UInt32) -> UInt32 {
    let keep = 256 &- alpha
    let redBlue = ((source & 0xFF_00FF) &* alpha &+ (destination & 0xFF_00FF) &* keep) >> 8 & 0xFF_00FF
    let green = ((source & 0x00_FF00) &* alpha &+ (destination & 0x00_FF00) &* keep) >> 8 & 0x00_FF00
    return 0xFF00_0000 | redBlue | green
}

/// Composites `source`, a premultiplied `0xAARRGGBB` picture pixel, over the opaque `destination`,
/// the whole scaled by `opacity` in `0...256` (a fade): the destination keeps what the source's alpha
/// leaves, the source adds its premultiplied colour. The result is opaque.
@inline(__always)
func over(_ destination: UInt32, _ source: UInt32, opacity: UInt32) -> UInt32 {
    let alpha = source >> 24
    if alpha == 255 && opacity >= 256 { return source }
    let keep = 256 &- alpha &* opacity / 255
    let redBlue = ((source & 0xFF_00FF) &* opacity &+ (destination & 0xFF_00FF) &* keep &+ 0x80_0080) >> 8 & 0xFF_00FF
    let green = ((source & 0x00_FF00) &* opacity &+ (destination & 0x00_FF00) &* keep &+ 0x00_8000) >> 8 & 0x00_FF00
    return 0xFF00_0000 | redBlue | green
}
