import CellscapePictures
import CellscapeRender

/// What the feed asks the loader to decode: the grid's thumbnails by priority, the open picture at
/// the window's size with its neighbours, and the region of a picture zoomed past the window.
extension PictureFeed {
    /// The side picture `id`'s grid thumbnail is made to fit: its tile's longer side in pixels (never
    /// more than the picture's own), so the thumbnail is an area reduction to the tile's exact size and
    /// is drawn pixel for pixel.
    public func gridSide(of id: PictureID) -> Int {
        let tile = max(1, thumbnails.tileWidth)
        guard let header = header(of: id), header.width > 0, header.height > 0 else { return Int(tile.rounded()) }
        let longer = tile * max(1, Double(header.height) / Double(header.width))
        return max(1, min(Int(longer.rounded()), max(header.width, header.height), PictureLoader.largestSide))
    }

    /// Whether the thumbnail kept for `id` was made for its tile as it is now.
    func hasGridThumbnail(_ id: PictureID) -> Bool {
        thumbnails.memory.contains(id) && thumbnails.sides[id] == gridSide(of: id)
    }

    /// Asks for the thumbnails of the pictures `ids` (the cells in view), at the grid's side so the two
    /// views share them; work for other cells is dropped before it starts.
    public func want(cells ids: [PictureID]) {
        if wanted.setCells(Set(ids)) { wantedLeft() }
        for id in ids where !catalog.isPassedOver(id) {
            thumbnails.memory.use(id)
            guard !hasGridThumbnail(id) else { continue }
            let priority = order.position(of: id) ?? PictureLoader.onScreen - 1
            loader.requestThumbnail(id, side: gridSide(of: id), priority: priority)
        }
    }

    /// Asks for the thumbnails of `visible` first, then a screen ahead in the scroll direction, then a
    /// screen behind; work for anything farther is dropped before it starts. Each is made at its tile's
    /// size, its width `tileWidth` pixels.
    public func want(visible: Range<Int>, ahead: Range<Int>, behind: Range<Int>, tileWidth: Double) {
        thumbnails.tileWidth = tileWidth
        let clamp = { (range: Range<Int>) in range.clamped(to: 0..<self.count) }
        if wanted.set(Set([visible, ahead, behind].flatMap { clamp($0).map { order[$0] } })) { wantedLeft() }
        for (band, range) in [(0, visible), (1, ahead), (2, behind)] {
            for position in clamp(range) {
                let id = order[position]
                if band == 0 { thumbnails.memory.use(id) }  // what shows is what was used last
                guard !hasGridThumbnail(id) && !catalog.isPassedOver(id) else { continue }
                loader.requestThumbnail(id, side: gridSide(of: id), priority: band * PictureLoader.onScreen + position)
            }
        }
    }

    /// Pictures left what is wanted: the loader's reads of them may stop, and those unavailable for
    /// now are asked again when they come back.
    private func wantedLeft() {
        loader.wantedChanged()
        if !members.catalog.unavailable.isEmpty {
            members.catalog.unavailable = members.catalog.unavailable.filter(wanted.contains)
        }
    }

    /// Whether the picture at `position` has arrived at the side it was asked for last as the open picture.
    public func viewArrived(_ position: Int) -> Bool {
        let id = order[position]
        guard let viewSide = open.viewSide, viewSide.id == id else { return false }
        return viewSide.side <= gridSide(of: id) ? hasGridThumbnail(id) : open.views[id]?.side == viewSide.side
    }

    /// The open picture's image, decoded for the window, if it has arrived.
    public func viewImage(_ position: Int) -> PixelImage? { open.views[order[position]]?.image }

    /// The part of the open picture decoded at the zoom shown, when zoomed past the window: only the
    /// region around what shows is held, however large the picture.
    public var region: (index: Int, part: PictureRegion, scale: Double, image: PixelImage)? {
        guard let held = open.heldRegion, let position = order.position(of: held.id) else { return nil }
        return (position, held.part, held.scale, held.image)
    }

    /// Lets go of the region held (the image view closed).
    public func releaseRegion() { open.releaseRegion() }

    /// Asks for the part `part` of the picture at `position` at `scale`, unless it is the one held or
    /// asked for.
    public func wantRegion(_ position: Int, part: PictureRegion, scale: Double) {
        open.wantRegion(order[position], part: part, scale: scale, loader: loader)
    }

    /// Asks for the picture at `position` decoded to fit `side` pixels, and its neighbours to fit
    /// `prefetchSide`; drops the images of pictures farther away.
    public func wantView(_ position: Int, side: Int, prefetching neighbours: [Int], prefetchSide: Int) {
        let id = order[position]
        let neighbourIDs = neighbours.map { order[$0] }
        let kept = Set([id] + neighbourIDs)
        open.keep(kept, opening: id, side: side)
        wanted.setViews(kept)
        request(id, side: side, priority: -2)
        for neighbour in neighbourIDs where !catalog.isPassedOver(neighbour) {
            request(neighbour, side: prefetchSide, priority: -1)
        }
    }

    /// Asks for picture `id` at `side` unless an image of that side is kept (a larger one would be
    /// drawn reduced by nearest pixels). At the grid's side or below the grid's thumbnail serves; larger
    /// ones borrow their memory from the loader's pool.
    private func request(_ id: PictureID, side: Int, priority: Int) {
        thumbnails.memory.use(id)
        guard !catalog.unavailable.contains(id) else { return }
        let gridSide = gridSide(of: id)
        if side <= gridSide {
            if !hasGridThumbnail(id) { loader.requestThumbnail(id, side: gridSide, priority: priority) }
        } else if open.views[id]?.side != side {
            loader.requestThumbnail(id, side: side, priority: priority, forWindow: true)
        }
    }
}
