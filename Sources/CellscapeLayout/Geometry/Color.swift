/// An opaque colour with 8 bits per channel.
public struct Color: Hashable, Sendable, Codable, BitwiseCopyable {
    /// The red channel.
    public var red: UInt8
    /// The green channel.
    public var green: UInt8
    /// The blue channel.
    public var blue: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Creates a colour from a `0xRRGGBB` number.
    public init(hex: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
            blue: UInt8(truncatingIfNeeded: hex))
    }

    /// Creates a colour from a `Framebuffer` pixel.
    public init(pixel: UInt32) {
        self.init(hex: pixel & 0xFF_FFFF)
    }

    /// The colour as a `Framebuffer` pixel: `0xFFRRGGBB`, which is B, G, R, A in memory on a
    /// little-endian machine, the layout of a 24-bit X11 visual and of libpng's BGRA format.
    public var pixel: UInt32 {
        0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// The background of the views.
    public static let background = Color(hex: 0x1B_1F2A)
    /// The colour of text.
    public static let text = Color(hex: 0xEC_EFF4)
    /// The panel behind the HUD's text.
    public static let panel = Color(hex: 0x0E_1118)

    /// The colours cells take, by their id: twelve hues of similar lightness that read well on ``background``.
    public static let palette: [Color] = [
        0xF2_6D5B, 0xF5_A65B, 0xF7_D65C, 0xA8_D672, 0x5C_C98B, 0x4F_C3C1,
        0x5A_A9E6, 0x73_8CF0, 0xA0_7CE8, 0xD0_78D8, 0xEE_7BA8, 0xC9_B79C,
    ].map(Color.init(hex:))

    /// The palette colour of the item with this id; the same id always gets the same colour.
    public static func palette(for id: Int) -> Color {
        palette[Int(SplitMix64.mix(UInt64(bitPattern: Int64(id))) % UInt64(palette.count))]
    }
}
