// Pixel arithmetic shared by the rasterizers.

/// Blends `source` over `destination` with coverage `alpha` in `0...256`, both as `0xFFRRGGBB` pixels.
@inline(__always)
func blend(_ destination: UInt32, _ source: UInt32, alpha: UInt32) -> UInt32 {
    let keep = 256 &- alpha
    let redBlue = ((source & 0xFF_00FF) &* alpha &+ (destination & 0xFF_00FF) &* keep) >> 8 & 0xFF_00FF
    let green = ((source & 0x00_FF00) &* alpha &+ (destination & 0x00_FF00) &* keep) >> 8 & 0x00_FF00
    return 0xFF00_0000 | redBlue | green
}
