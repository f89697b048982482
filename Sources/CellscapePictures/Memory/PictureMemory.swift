import CPictureCodecs

/// How the picture pipeline uses memory, in one place:
///
/// - What every decode needs for a moment (libjpeg's and libpng's buffers of some MB) stays in the
///   heap once freed, so the next decode finds it there instead of mapping, faulting in and zeroing
///   it again (glibc's `mallopt`, up to 64 MB; a fifth of the thumbnail rate).
/// - What outlives a decode (thumbnails, animation frames, window-sized images, regions) is mapped on
///   its own or lent by a ``PixelPool``, so it leaves at once when let go: a viewer's resident memory
///   follows what it shows, not the heap's fragmentation.
/// - What a large folder's listing and headers needed for a while (a million names sorted, results
///   on their way) is given back once the folder is settled (``giveBack()``): the heap keeps up to
///   256 MB free for the decoders otherwise.
/// - What is kept is bounded: ``ThumbnailMemory`` and the animation frames share `--cache-size`.
public enum PictureMemory {
    /// Puts the policy in force for the process, once (a program that decodes many pictures calls it
    /// first; a ``PictureLoader`` does).
    public static func apply() {
        _ = applied
    }

    private static let applied: Void = cellscape_keep_picture_buffers()

    /// Gives the heap's free pages back to the system: about 10 ms for a heap of 500 MB, so a worker
    /// does it (``PictureLoader/giveBackFreeMemory()``).
    public static func giveBack() { cellscape_give_back_free_memory() }
}
