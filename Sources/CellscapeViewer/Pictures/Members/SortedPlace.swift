import CellscapePictures

/// Where a picture that joins goes in an order sorted by these keys.
extension FeedSorting {
    /// Where picture `id` goes in the current order: before the first picture it precedes (the order
    /// shown is sorted, so a binary search finds it).
    func place(
        of id: PictureID, in order: PictureOrder, catalog: inout PictureCatalog, path: (PictureID) -> String
    ) -> Int {
        let key = self.order.key(of: catalog.header(id))
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            let other = order[middle]
            let otherKey = self.order.key(of: catalog.header(other))
            // Descending is ascending reversed: it goes first where the other would precede it.
            let goesFirst =
                descending
                ? precedes(other, otherKey, id, key, catalog: &catalog, path: path)
                : precedes(id, key, other, otherKey, catalog: &catalog, path: path)
            if goesFirst { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Whether picture `first` keyed `key` comes before `second` keyed `otherKey` in ascending order:
    /// by key, those without after, ties in name order (each name's key made once).
    private func precedes(
        _ first: PictureID, _ key: Int?, _ second: PictureID, _ otherKey: Int?, catalog: inout PictureCatalog,
        path: (PictureID) -> String
    ) -> Bool {
        switch (key, otherKey) {
        case (let key?, let otherKey?) where key != otherKey: return key < otherKey
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            let (firstKey, secondKey) = (
                catalog.nameKey(of: first, path: path), catalog.nameKey(of: second, path: path)
            )
            guard firstKey == secondKey else { return firstKey.lexicographicallyPrecedes(secondKey) }
            return (catalog[first]?.path ?? path(first)) < (catalog[second]?.path ?? path(second))
        }
    }
}

extension PictureCatalog {
    /// Picture `id`'s key in name order, made from `path(id)` once and kept.
    mutating func nameKey(of id: PictureID, path: (PictureID) -> String) -> [UInt8] {
        if let key = self[id]?.nameKey { return key }
        let key = PictureFiles.nameKey(of: self[id]?.path ?? path(id))
        self[id]?.nameKey = key
        return key
    }
}
