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
}
