import Testing

@testable import CellscapeLayout

/// The masonry layout: placement pinned by hand, the visible query against brute force.
@Suite struct WaterfallLayoutTests {
    static func layout(
        columns: WaterfallConfiguration.Columns, width: Double, columnSpacing: Double = 10, itemSpacing: Double = 5,
        insets: EdgeInsets = EdgeInsets(top: 4, left: 6, bottom: 3, right: 6)
    ) -> WaterfallLayout {
        var configuration = WaterfallConfiguration()
        configuration.columns = columns
        configuration.columnSpacing = columnSpacing
        configuration.itemSpacing = itemSpacing
        configuration.insets = insets
        return WaterfallLayout(configuration: configuration, bounds: Rect(x: 0, y: 0, width: width, height: 300))
    }

    static func bruteForce(_ layout: WaterfallLayout, _ rect: Rect) -> [Int] {
        (0..<layout.count).filter { index in
            let frame = layout.frame(at: index)
            return frame.minY < rect.maxY && frame.maxY > rect.minY && frame.minX < rect.maxX && frame.maxX > rect.minX
        }
    }

    @Test func placementFollowsTheRulesExactly() {
        var layout = Self.layout(columns: .fixed(2), width: 100)
        #expect(layout.contentSize == Size(width: 100, height: 7))
        layout.append([
            Size(width: 39, height: 39), Size(width: 78, height: 39), Size(width: 39, height: 78),
            Size(width: 10, height: 10), Size(width: 20, height: 10),
        ])
        #expect(layout.columnWidth == 39)
        let expected = [
            Rect(x: 6, y: 4, width: 39, height: 39), Rect(x: 55, y: 4, width: 39, height: 19.5),
            Rect(x: 55, y: 28.5, width: 39, height: 78), Rect(x: 6, y: 48, width: 39, height: 39),
            Rect(x: 6, y: 92, width: 39, height: 19.5),
        ]
        #expect((0..<5).map(layout.frame(at:)) == expected)
        #expect(layout.contentSize == Size(width: 100, height: 114.5))
    }

    @Test func theColumnCountAdaptsToTheWidth() {
        let configuration = WaterfallConfiguration()
        #expect(configuration.columnCount(forWidth: 1280) == 5)  // (1280 - 16 + 8) / 248 = 5.1
        #expect(configuration.columnCount(forWidth: 600) == 2)
        #expect(configuration.columnCount(forWidth: 100) == 1)
        #expect(configuration.columnCount(forWidth: 1248) == 5)  // exactly 5
        #expect(configuration.columnCount(forWidth: 1247) == 4)
    }

    /// The shared note's counter-example: the one-array "search then scan back" recipe misses A0.
    @Test func aTallItemCoveringTheRectIsFound() {
        var layout = Self.layout(
            columns: .fixed(2), width: 200, columnSpacing: 0, itemSpacing: 0, insets: EdgeInsets(all: 0))
        layout.append([Size(width: 1, height: 10)] + Array(repeating: Size(width: 10, height: 1), count: 100))
        #expect(layout.frame(at: 0).maxY == 1000)
        let found = layout.indices(in: Rect(x: 0, y: 500, width: 200, height: 300))
        #expect(found.first == 0)
        #expect(found == Self.bruteForce(layout, Rect(x: 0, y: 500, width: 200, height: 300)))
    }

    @Test func queriesEqualABruteForceFilter() {
        var random = SplitMix64(seed: 11)
        var checked = 0
        for round in 0..<12 {
            let columns = 1 + Int(random.next() % 7)
            var layout = Self.layout(
                columns: round % 3 == 0 ? .minimumWidth(40 + random.nextUnit() * 200) : .fixed(columns),
                width: 100 + random.nextUnit() * 1500, columnSpacing: round % 4 == 0 ? 0 : 8,
                itemSpacing: round % 5 == 0 ? 0 : 6)
            let count = round == 0 ? 0 : (round == 1 ? 100_000 : Int(random.next() % 3000))
            layout.append(
                (0..<count).map { _ in
                    let tall = random.nextUnit() < 0.05
                    return Size(width: 10 + random.nextUnit() * 500, height: tall ? 3000 : random.nextUnit() * 600)
                })
            let height = layout.contentSize.height
            for _ in 0..<(round == 1 ? 400 : 300) {
                let y = random.nextUnit() * (height + 800) - 400
                let x = random.nextUnit() * (layout.bounds.width + 100) - 50
                let shapes = [
                    Rect(x: 0, y: y, width: layout.bounds.width, height: 800),
                    Rect(x: x, y: y, width: 0.5, height: random.nextUnit() * 50),
                    Rect(x: x, y: y, width: random.nextUnit() * 400, height: 0),
                    Rect(x: -10, y: -1000 - y, width: 5000, height: 900),
                    Rect(x: x, y: height + random.nextUnit() * 100, width: 300, height: 300),
                    Rect(x: -100, y: -100, width: 1e6, height: height + 200),
                ]
                for rect in shapes {
                    #expect(layout.indices(in: rect) == Self.bruteForce(layout, rect))
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    /// Degenerate items: zero and absurd heights (a column too tall for its band table), zero widths.
    @Test func degenerateItemsAreStillFoundExactly() {
        var layout = Self.layout(columns: .fixed(3), width: 600)
        var sizes: [Size] = []
        for index in 0..<600 {
            switch index % 50 {
            case 7: sizes.append(Size(width: 1e-9, height: 1))  // about 2e11 px tall
            case 8: sizes.append(Size(width: 0, height: 10))
            case 9: sizes.append(Size(width: 10, height: 0))
            default: sizes.append(Size(width: 100, height: Double(50 + index % 300)))
            }
        }
        layout.append(sizes)
        #expect(layout.columnBands.contains { $0 == nil })
        var random = SplitMix64(seed: 12)
        for _ in 0..<2_000 {
            let y = random.nextUnit() < 0.5 ? random.nextUnit() * 20_000 : random.nextUnit() * 3e12
            let rect = Rect(x: random.nextUnit() * 600, y: y, width: 200, height: random.nextUnit() * 5_000)
            #expect(layout.indices(in: rect) == Self.bruteForce(layout, rect))
        }
    }

    @Test func appendingEqualsLayingOutAtOnce() {
        let sizes = GeneratedItems.items(count: 1_050, seed: 4).map(\.size)
        var whole = Self.layout(columns: .minimumWidth(150), width: 900)
        whole.append(sizes)
        var paged = Self.layout(columns: .minimumWidth(150), width: 900)
        for start in stride(from: 0, to: sizes.count, by: 100) {
            paged.append(Array(sizes[start..<min(sizes.count, start + 100)]))
        }
        #expect((0..<sizes.count).map(paged.frame(at:)) == (0..<sizes.count).map(whole.frame(at:)))
        #expect(paged.contentSize == whole.contentSize)
        var generic = Self.layout(columns: .minimumWidth(150), width: 900)
        generic.append(sizes.lazy.map { $0 })
        #expect((0..<sizes.count).map(generic.frame(at:)) == (0..<sizes.count).map(whole.frame(at:)))
    }

    @Test func aWidthChangeReflowsEverything() {
        let sizes = GeneratedItems.items(count: 500, seed: 5).map(\.size)
        var layout = Self.layout(columns: .minimumWidth(200), width: 1200)
        layout.append(sizes)
        let narrow = Rect(x: 0, y: 0, width: 500, height: 300)
        #expect(layout.shouldInvalidate(forBoundsChange: narrow))
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 900, width: 1200, height: 300)))
        layout.invalidate()
        layout.prepare(bounds: narrow)
        var fresh = Self.layout(columns: .minimumWidth(200), width: 500)
        fresh.append(sizes)
        #expect(layout.columnCount == 2)
        #expect((0..<500).map(layout.frame(at:)) == (0..<500).map(fresh.frame(at:)))
    }
}
