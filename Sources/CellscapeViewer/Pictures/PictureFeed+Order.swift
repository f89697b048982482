import CellscapePictures

/// The order of a feed's pictures: sorted again while it shows, and pictures that left their folder
/// (or went to the trash) taken out, so the grid closes over them.
extension PictureFeed {
    /// Puts the pictures in `order` by what their headers say: natural name order (folder by folder),
    /// modification time, file size or the date taken; ties, and pictures without the key (broken, or
    /// never dated), keep name order after the others; all reversed when `descending`. Pictures whose
    /// headers have not arrived yet take their places once they all have.
    public func sort(_ order: PictureFiles.Order, descending: Bool) {
        sortWanted = (order, descending)
        applySortWanted()
    }

    /// Sorts again once every header has arrived, if a sort was asked before they had.
    func applySortWanted() {
        guard let (order, descending) = sortWanted else { return }
        if headersArrived == count && !isListing { sortWanted = nil }
        let keys = headers.map { order.key(of: $0) }
        rearrange(PictureFiles.Order.arrange(keys: keys, nameRanks: nameRanks ?? rankNames(), descending: descending))
    }

    /// Each picture's rank in natural name order, kept from now on.
    private func rankNames() -> [Int] {
        var ranks = [Int](repeating: 0, count: count)
        for (rank, position) in PictureFiles.nameOrder(of: Array(loader.paths.prefix(count))).enumerated() {
            ranks[position] = rank
        }
        nameRanks = ranks
        return ranks
    }

    /// Takes the pictures at `positions` out of the feed: their tiles go, and the grid closes over them.
    public func remove(_ positions: [Int]) {
        let removed = Set(positions)
        guard !removed.isEmpty else { return }
        rearrange(headers.indices.filter { !removed.contains($0) })
    }

    /// Puts pictures back at the positions they had (`paths` with where each was, the trash undone):
    /// each is read again.
    public func insert(_ paths: [(position: Int, path: String)]) {
        guard !paths.isEmpty else { return }
        takeAppended()  // a listing's batch first, or it would be left out of the new order
        let first = count
        append(paths: paths.map(\.path))
        var kept = Array(0..<first)
        for (offset, entry) in paths.enumerated().sorted(by: { $0.element.position < $1.element.position }) {
            kept.insert(first + offset, at: min(max(0, entry.position), kept.count))
        }
        rearrange(kept)
    }

    /// The position of the picture at `path` now, if it shows.
    public func position(ofPath path: String) -> Int? { positionsByPath()[path] }

    /// Each picture's position by path, made when first needed and kept as pictures are appended.
    func positionsByPath() -> [String: Int] {
        if let indexByPath { return indexByPath }
        let index = Dictionary(loader.paths.prefix(count).enumerated().map { ($1, $0) }) { first, _ in first }
        indexByPath = index
        return index
    }

    /// The rearrangement since the last call, if any: for each position now, the position the picture
    /// had at the last call, or -1 for one added since.
    public func takeRearrangement() -> [Int]? {
        defer { rearrangement = nil }
        return rearrangement
    }

    /// Puts the pictures in a new order: `kept[position]` is where the picture that goes there is
    /// now; those left out are dropped. Everything kept by position follows its picture.
    func rearrange(_ kept: [Int]) {
        var moved = [Int](repeating: -1, count: count)
        for (position, old) in kept.enumerated() { moved[old] = position }
        let move = { (old: Int) -> Int? in old < moved.count && moved[old] >= 0 ? moved[old] : nil }
        loader.rearrange(kept, known: count)
        headers = kept.map { headers[$0] }
        broken = Set(broken.compactMap(move))
        problems = Dictionary(uniqueKeysWithValues: problems.compactMap { old, text in move(old).map { ($0, text) } })
        rereading = Set(rereading.compactMap(move))
        nameRanks = nameRanks.flatMap { ranks in ranks.count == moved.count ? kept.map { ranks[$0] } : nil }
        headersArrived = headers.indices.count { headers[$0] != nil || broken.contains($0) || rereading.contains($0) }
        memory.rekey(move)
        views = Dictionary(uniqueKeysWithValues: views.compactMap { old, view in move(old).map { ($0, view) } })
        viewsWanted = Set(viewsWanted.compactMap(move))
        viewSide = viewSide.flatMap { held in move(held.index).map { ($0, held.side) } }
        region = region.flatMap { held in move(held.index).map { ($0, held.part, held.scale, held.image) } }
        regionAsked = regionAsked.flatMap { held in move(held.index).map { ($0, held.part, held.scale) } }
        animations = Dictionary(
            uniqueKeysWithValues: animations.compactMap { old, animation in move(old).map { ($0, animation) } })
        wantedRange.setViews(viewsWanted)
        indexByPath = nil
        let known = rearrangement
        rearrangement = kept.map { old in known.map { old < $0.count ? $0[old] : -1 } ?? old }
    }
}
