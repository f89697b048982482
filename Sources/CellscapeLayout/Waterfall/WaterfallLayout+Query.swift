extension WaterfallLayout {
    /// The items whose frames intersect `rect` (`minY < rect.maxY`, `maxY > rect.minY`, and the same in x),
    /// in index order.
    ///
    /// For each column whose x-range meets the rect: search the first item ending below `rect.minY`,
    /// then walk while items start above `rect.maxY`; the columns' runs, each in index order, are merged.
    /// The search starts from a table of the first position per band of content height, then steps or
    /// bisects within the band: O(C log(n/C) + k C) at worst, for C columns and k items found.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        var found: [LayoutAttributes] = []
        forEachIndex(in: rect) { found.append(LayoutAttributes(index: $0, frame: frame(at: $0))) }
        return found
    }

    /// The indices of the items whose frames intersect `rect`, in index order.
    public func indices(in rect: Rect) -> [Int] {
        var found: [Int] = []
        found.reserveCapacity(64)
        forEachIndex(in: rect) { found.append($0) }
        return found
    }

    /// Calls `body` with the index of every item intersecting `rect`, in index order.
    public func forEachIndex(in rect: Rect, _ body: (Int) -> Void) {
        guard count > 0, !rect.minY.isNaN, !rect.maxY.isNaN else { return }
        // Touch where each column's search will start, all columns at once, so that their cache misses
        // overlap instead of following one another; the sum only keeps the loads from being dropped.
        guard !touchStarts(below: rect.minY).isNaN else { return }
        withUnsafeTemporaryAllocation(of: Run.self, capacity: columnCount) { runs in
            var runCount = 0
            var total = 0
            for column in 0..<columnCount {
                let left = columnX(column)
                guard left < rect.maxX, left + columnWidth > rect.minX else { continue }
                let (first, end) = span(of: rect, inColumn: column)
                guard first < end else { continue }
                runs[runCount] = Run(column: column, position: first, end: end, start: total)
                runCount += 1
                total += end - first
            }
            guard total > 0 else { return }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: total) { items in
                for run in 0..<runCount {
                    columnSlots[runs[run].column].withUnsafeBufferPointer { column in
                        for position in runs[run].position..<runs[run].end {
                            items[runs[run].start + position - runs[run].position] = column[position].item
                        }
                    }
                }
                var gathered = items
                if runCount > 1 { gathered.sort() }
                for item in gathered { body(Int(item)) }
            }
        }
    }

    /// The sum of the bottoms at which each column's search for `y` starts (read for their side effect:
    /// the cache lines arrive together).
    private func touchStarts(below y: Double) -> Double {
        guard y >= 0 else { return 0 }
        let band = Int(min(y / Self.bandHeight, 1e15))
        var sum = 0.0
        for column in 0..<columnCount {
            guard let bands = columnBands[column], band < bands.count else { continue }
            let position = Int(bands[band])
            let slots = columnSlots[column]
            if position < slots.count { sum += slots[position].bottom }
            if position + 4 < slots.count { sum += slots[position + 4].bottom }  // the walk's next line
        }
        return sum
    }

    /// The positions of a column's items intersecting the rect's rows.
    private func span(of rect: Rect, inColumn column: Int) -> (Int, Int) {
        columnSlots[column].withUnsafeBufferPointer { bottoms in
            let first = firstEnding(below: rect.minY, bottoms: bottoms, bands: columnBands[column])
            var end = first
            let spacing = max(0, configuration.itemSpacing)
            var top = first == 0 ? configuration.insets.top : bottoms[first - 1].bottom + spacing
            while end < bottoms.count && top < rect.maxY {
                top = bottoms[end].bottom + spacing
                end += 1
            }
            return (first, end)
        }
    }

    /// The first position in a column whose item ends below `y`; bottoms never decrease along a column.
    /// The band table gives the range of positions for the band `y` is in; a few steps forward, or a
    /// bisection of that range if it is long, find the position.
    private func firstEnding(below y: Double, bottoms: UnsafeBufferPointer<ColumnSlot>, bands: [Int32]?) -> Int {
        guard let bands, y >= 0 else { return Self.countNotAbove(y, in: bottoms, from: 0, count: bottoms.count) }
        // Every bottom lies at or above the end of the table.
        guard y < Double(bands.count) * Self.bandHeight else { return bottoms.count }
        let band = Int(y / Self.bandHeight)
        let low = Int(bands[band])
        let high = band + 1 < bands.count ? Int(bands[band + 1]) : bottoms.count
        var position = low
        while position < high && position < low + 8 {
            if bottoms[position].bottom > y { return position }
            position += 1
        }
        return Self.countNotAbove(y, in: bottoms, from: position, count: high - position)
    }

    /// `from` plus the number of values (finite, sorted) in `values[from..<from + count]` that are at most `y` (they
    /// come first, the values being sorted): a binary search without branches to mispredict.
    @inline(__always)
    private static func countNotAbove(_ y: Double, in values: UnsafeBufferPointer<ColumnSlot>, from: Int, count: Int)
        -> Int
    {
        guard count > 0 else { return from }
        // `value <= y` is the sign of `y - value` (y + 0 turns -0 into +0), added without a branch.
        let y = y + 0
        var base = from
        var length = count
        while length > 1 {
            let half = length / 2
            base &+= half &* (1 &- Int(truncatingIfNeeded: (y - values[base &+ half].bottom).bitPattern >> 63))
            length -= half
        }
        return base &+ (1 &- Int(truncatingIfNeeded: (y - values[base].bottom).bitPattern >> 63))
    }

    /// The item a reader sees at the top of a viewport scrolled to `y`: of the first item of each column
    /// ending below `y`, the one whose visible part starts highest (ties to the lower index).
    public func topItem(at y: Double) -> Int? {
        var best: (top: Double, item: Int)?
        for column in 0..<columnCount {
            let (position, _) = span(of: Rect(x: 0, y: y, width: 1, height: 0), inColumn: column)
            guard position < columnSlots[column].count else { continue }
            let item = Int(columnSlots[column][position].item)
            let candidate = (top: max(frame(at: item).minY, y), item: item)
            if best == nil || candidate.top < best!.top || (candidate.top == best!.top && candidate.item < best!.item) {
                best = candidate
            }
        }
        return best?.item
    }
}

/// A column's run of items intersecting a query, and where its items go among the gathered ones.
private struct Run {
    var column: Int
    var position: Int
    var end: Int
    var start: Int
}
