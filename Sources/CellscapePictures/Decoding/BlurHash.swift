import CellscapeRender
import Foundation

/// A picture's placeholder as a remote feed gives it: a BlurHash (woltapp/blurhash), the picture's
/// colours as a few cosines, in 6 to 166 characters of base 83. Shown at once, before any pixel
/// arrives, as Mastodon's clients show it.
public struct BlurHash: Sendable, Hashable {
    /// How many cosines across and down (1 to 9 each).
    public let columns: Int
    public let rows: Int
    /// Each component's colour in linear light: the mean first, then across before down.
    private let colours: [SIMD3<Float>]

    /// Reads `text`; nil when it is not a BlurHash (wrong length, characters outside base 83).
    public init?(_ text: String) {
        guard (6...166).contains(text.utf8.count) else { return nil }
        let digits = text.utf8.map { Self.value[Int($0)] }
        guard !digits.contains(-1) else { return nil }
        let sizes = Int(digits[0])
        (columns, rows) = (sizes % 9 + 1, sizes / 9 + 1)
        guard digits.count == 4 + 2 * columns * rows else { return nil }
        let mean = Self.number(digits[2..<6])
        var colours = [
            SIMD3(Self.linear(mean >> 16), Self.linear(mean >> 8 & 255), Self.linear(mean & 255))
        ]
        let largest = Float(digits[1] + 1) / 166
        for component in 1..<(columns * rows) {
            let value = Self.number(digits[(4 + 2 * component)..<(6 + 2 * component)])
            colours.append(
                SIMD3(
                    Self.signedSquare(value / (19 * 19)), Self.signedSquare(value / 19 % 19),
                    Self.signedSquare(value % 19)) * largest)
        }
        self.colours = colours
    }

    /// The picture `width` x `height` (opaque): decode small (32 px is plenty) and scale it up.
    public func picture(width: Int, height: Int) -> PixelImage {
        let frame = Framebuffer(width: max(1, width), height: max(1, height))
        // A table of cosines: each pixel's sum is then multiplications only.
        let across = Self.cosines(count: columns, length: frame.width)
        let down = Self.cosines(count: rows, length: frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                var sum = SIMD3<Float>(repeating: 0)
                for row in 0..<rows {
                    let vertical = down[row * frame.height + y]
                    for column in 0..<columns {
                        sum += colours[row * columns + column] * (across[column * frame.width + x] * vertical)
                    }
                }
                frame[x, y] = 0xFF00_0000 | Self.sRGB(sum.x) << 16 | Self.sRGB(sum.y) << 8 | Self.sRGB(sum.z)
            }
        }
        return frame.finished()
    }

    /// cos(pi * position * component / length) for each component, then each position.
    private static func cosines(count: Int, length: Int) -> [Float] {
        (0..<count).flatMap { component in
            (0..<length).map { Float(cos(Double.pi * Double($0 * component) / Double(length))) }
        }
    }

    /// The base-83 digits' values, by character: -1 for a character outside them.
    private static let value: [Int] = {
        let digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~"
        var value = [Int](repeating: -1, count: 256)
        for (index, character) in digits.utf8.enumerated() { value[Int(character)] = index }
        return value
    }()

    private static func number(_ digits: ArraySlice<Int>) -> Int { digits.reduce(0) { $0 * 83 + $1 } }

    /// A quantised AC value (0 to 18) as -1 to 1, squared with its sign kept.
    private static func signedSquare(_ quantised: Int) -> Float {
        let value = Float(quantised - 9) / 9
        return value * abs(value)
    }

    /// An sRGB channel (0 to 255) in linear light.
    private static func linear(_ channel: Int) -> Float {
        let value = Float(channel) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light as an sRGB channel, 0 to 255.
    private static func sRGB(_ linear: Float) -> UInt32 {
        let value = min(1, max(0, linear))
        let encoded = value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return UInt32(encoded * 255 + 0.5)
    }
}
