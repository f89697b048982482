import CellscapeLayout
import CellscapeRender
import Synchronization
import Testing

/// A framebuffer finished into an image: the same pixels, its memory handed over (given back once, when
/// the image goes), or copied when it was lent.
@Suite struct PixelImageTests {
    @Test func aFinishedFramebufferHandsItsMemoryToTheImage() {
        let frame = Framebuffer(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { frame[x, y] = UInt32(0xFF00_0000 | (y * 16 + x)) } }
        let before = frame.packedPixels
        let memory = frame.pixels
        let image = frame.finished()
        #expect(image.width == 5 && image.height == 3 && image.packedPixels == before)
        #expect(image.pixels == UnsafePointer(memory), "no pixel is copied")
        #expect(frame.width == 0 && frame.height == 0, "the framebuffer is left empty")
        frame.fill(Color(hex: 0xFF_FFFF))
        #expect(image.packedPixels == before, "drawing into the emptied framebuffer changes nothing")
        #expect(image[4, 2] == 0xFF00_0024)
    }

    @Test func theMemoryIsGivenBackOnceWhenTheImageGoes() {
        let releases = Mutex(0)
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 12)
        memory.initialize(repeating: 7, count: 12)
        var image: PixelImage? = Framebuffer(
            width: 3, height: 4, stride: 3, rowCapacity: 4, memory: memory,
            release: { pointer in
                releases.withLock { $0 += 1 }
                pointer.deallocate()
            }
        ).finished()
        #expect(releases.withLock { $0 } == 0 && image?[2, 3] == 7)
        image = nil
        #expect(releases.withLock { $0 } == 1)
    }

    @Test func lentMemoryIsCopiedAndStaysItsOwners() {
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
        defer { memory.deallocate() }
        memory.initialize(repeating: 3, count: 8)
        let lent = Framebuffer(width: 2, height: 2, stride: 4, rowCapacity: 2, memory: memory)
        let image = lent.finished()
        memory[0] = 9
        #expect(image.packedPixels == [3, 3, 3, 3] && image.pixels != UnsafePointer(memory))
        #expect(lent.width == 2, "a framebuffer over lent memory keeps it")
    }

    @Test func anImageKnowsWhetherEveryVisiblePixelIsOpaque() {
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 12)
        defer { memory.deallocate() }
        // Three visible columns of four: the fourth, padding, is transparent and does not count.
        for index in 0..<12 { memory[index] = index % 4 == 3 ? 0 : 0xFF12_3456 }
        #expect(Framebuffer(width: 3, height: 3, stride: 4, rowCapacity: 3, memory: memory).finished().isOpaque)
        memory[10] = 0xFE12_3456
        #expect(!Framebuffer(width: 3, height: 3, stride: 4, rowCapacity: 3, memory: memory).finished().isOpaque)
        #expect(!Framebuffer(width: 2, height: 2).isOpaque, "a framebuffer is still being written")
    }

    @Test func anOpaqueImageDrawsAsItsPixelsBlendedWould() {
        var random = SplitMix64(seed: 5)
        let picture = Framebuffer(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { picture[x, y] = 0xFF00_0000 | UInt32(random.next() & 0xFF_FFFF) } }
        let image = Framebuffer(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 { image[x, y] = picture[x, y] } }
        let opaque = image.finished()
        #expect(opaque.isOpaque)
        for _ in 0..<50 {
            let rect = Rect(
                x: Double(random.next() % 40) - 10, y: Double(random.next() % 30) - 10,
                width: Double(random.next() % 40 + 1), height: Double(random.next() % 30 + 1))
            let copied = Framebuffer(width: 24, height: 16)
            let blended = Framebuffer(width: 24, height: 16)
            for turns in 0..<4 {
                copied.draw(opaque, in: rect, quarterTurns: turns, mirrored: turns == 3)
                blended.draw(picture, in: rect, quarterTurns: turns, mirrored: turns == 3)
            }
            #expect(copied.packedPixels == blended.packedPixels, "\(rect)")
        }
    }
}
