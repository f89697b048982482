import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender

/// Snapshots: what is written decodes to the same pixels.
@Suite struct PNGFileTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID().uuidString)-\(name)").path
    }

    @Test func aWrittenFrameReadsBackIdentically() throws {
        let frame = Framebuffer(width: 97, height: 61)
        var random = SplitMix64(seed: 3)
        for y in 0..<61 {
            for x in 0..<97 { frame[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF }
        }
        CircleRasterizer(threads: 1).draw(
            [Circle(center: Point(x: 40, y: 30), radius: 12.5, color: .palette(for: 1))], into: frame)
        let path = Self.temporaryPath("round-trip.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGFile.write(frame, to: path)
        let decoded = try PNGFile.read(from: path)
        #expect(decoded.width == 97 && decoded.height == 61)
        #expect(decoded.packedPixels == frame.packedPixels)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    }

    @Test func failuresSayWhy() throws {
        let notPNG = Self.temporaryPath("not.png")
        defer { try? FileManager.default.removeItem(atPath: notPNG) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: notPNG))
        #expect(throws: PNGFile.Failure.self) { try PNGFile.read(from: notPNG) }
        #expect(throws: PNGFile.Failure.self) { try PNGFile.read(from: "/nonexistent/frame.png") }
        do {
            try PNGFile.write(Framebuffer(width: 4, height: 4), to: "/nonexistent/frame.png")
            Issue.record("writing into a missing folder must fail")
        } catch {
            #expect(error.description.contains("/nonexistent/frame.png"))
        }
    }
}
