import CX11
import CellscapeLayout
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#endif

/// Presents the core's framebuffer in the window: the framebuffer lives in a MIT-SHM segment the server
/// reads directly (XShmPutImage), or, when MIT-SHM is missing, fails to attach (a remote display) or is
/// turned off, in client memory sent with XPutImage. The back buffer grows but never shrinks.
package final class X11Presenter {
    private let window: X11Window
    private let graphicsContext: GC
    private var image: UnsafeMutablePointer<XImage>?
    private var segment: UnsafeMutablePointer<XShmSegmentInfo>?
    /// Whether frames go through MIT-SHM.
    package private(set) var usesSharedMemory: Bool
    /// The frame to draw into; its size is the window's once ``resize(width:height:)`` has run.
    package private(set) var framebuffer: Framebuffer

    package init(window: X11Window, width: Int, height: Int, sharedMemory: Bool) {
        self.window = window
        graphicsContext = XCreateGC(window.connection.display, window.id, 0, nil)
        usesSharedMemory = sharedMemory && window.connection.supportsSharedMemory
        framebuffer = Framebuffer(width: 0, height: 0)
        allocate(width: max(1, width), height: max(1, height))
    }

    deinit {
        release()
        XFreeGC(window.connection.display, graphicsContext)
    }

    /// Makes the framebuffer `width` x `height`, reallocating only when the back buffer is too small;
    /// returns whether the size changed (what was drawn before no longer fits the window).
    @discardableResult
    package func resize(width: Int, height: Int) -> Bool {
        let width = max(1, width)
        let height = max(1, height)
        let changed = width != framebuffer.width || height != framebuffer.height
        if framebuffer.resize(width: width, height: height) { return changed }
        allocate(width: max(width, framebuffer.stride), height: max(height, framebuffer.rowCapacity))
        framebuffer.resize(width: width, height: height)
        return true
    }

    /// Sends `regions` of the frame (whole pixels; nil: all of it) to the window, a request each, and
    /// waits for the server to have them (so the next frame cannot overwrite pixels it still reads).
    package func present(_ regions: [Rect]? = nil) {
        guard let image else { return }
        let display = window.connection.display
        let whole = Rect(x: 0, y: 0, width: Double(framebuffer.width), height: Double(framebuffer.height))
        for region in regions ?? [whole] {
            guard let part = region.intersection(whole) else { continue }
            let (x, y) = (Int32(part.minX), Int32(part.minY))
            let (width, height) = (UInt32(part.width), UInt32(part.height))
            if usesSharedMemory {
                XShmPutImage(display, window.id, graphicsContext, image, x, y, x, y, width, height, 0)
            } else {
                XPutImage(display, window.id, graphicsContext, image, x, y, x, y, width, height)
            }
        }
        XSync(display, 0)
    }

    private func allocate(width: Int, height: Int) {
        release()
        if usesSharedMemory, allocateShared(width: width, height: height) { return }
        usesSharedMemory = false
        let frame = Framebuffer(width: width, height: height)
        image = XCreateImage(
            window.connection.display, window.visual, UInt32(window.depth), ZPixmap, 0,
            UnsafeMutableRawPointer(frame.pixels).assumingMemoryBound(to: CChar.self), UInt32(width),
            UInt32(height), 32, Int32(frame.stride * 4))
        framebuffer = frame
    }

    /// Creates the shared image and attaches it; returns false (and cleans up) when any part fails.
    private func allocateShared(width: Int, height: Int) -> Bool {
        let connection = window.connection
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard
            let image = XShmCreateImage(
                connection.display, window.visual, UInt32(window.depth), ZPixmap, nil, info, UInt32(width),
                UInt32(height))
        else {
            info.deallocate()
            return false
        }
        let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        let id = shmget(cellscape_ipc_private(), bytes, IPC_CREAT | 0o600)
        let address = id >= 0 ? shmat(id, nil, 0) : nil
        guard id >= 0, let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            if id >= 0 { shmctl(id, IPC_RMID, nil) }
            destroy(image)
            info.deallocate()
            return false
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        image.pointee.data = info.pointee.shmaddr
        let attached = XShmAttach(connection.display, info) != 0
        let failed = connection.sharedMemoryFailed()
        shmctl(id, IPC_RMID, nil)
        guard attached, !failed else {
            shmdt(address)
            destroy(image)
            info.deallocate()
            return false
        }
        self.image = image
        segment = info
        framebuffer = Framebuffer(
            width: width, height: height, stride: Int(image.pointee.bytes_per_line) / 4, rowCapacity: height,
            memory: address.assumingMemoryBound(to: UInt32.self))
        return true
    }

    private func release() {
        if let segment {
            XShmDetach(window.connection.display, segment)
            XSync(window.connection.display, 0)
            shmdt(segment.pointee.shmaddr)
            segment.deallocate()
            self.segment = nil
        }
        if let image { destroy(image) }
        image = nil
    }

    /// Frees the XImage but not its pixels, which belong to the framebuffer or the shared segment.
    private func destroy(_ image: UnsafeMutablePointer<XImage>) {
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image(image)
    }
}
