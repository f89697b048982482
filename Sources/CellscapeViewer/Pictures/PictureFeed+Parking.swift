import CellscapePictures

/// A feed set aside while another source shows (``SourceHistory``): it asks for nothing and keeps
/// little, so going back to it shows its last screen at once.
extension PictureFeed {
    /// The thumbnails a parked feed keeps, in bytes: its last screen's and a little more.
    static let parkedBytes = 24 << 20

    /// Stops everything the feed asked for (its thumbnails, views, animations and downloads are no
    /// longer wanted) and lets go of its thumbnails but the ones used last.
    public func park() {
        wanted.set([])
        wanted.setViews([])
        wanted.setCells([])
        loader.wantedChanged()
        animations.play([], now: clock.now)
        open.forget(Set(open.views.keys))
        thumbnails.memory.setCapacity(min(thumbnails.bound, Self.parkedBytes))
    }

    /// Takes the feed up again after ``park()``: its memory bound as it was.
    public func resume() {
        animations.shareMemory()
    }
}
