import Testing

@testable import CellscapePictures

/// A table by picture id holds what a dictionary would, and lets a page go once all its ids hold the
/// empty value again.
@Suite struct PictureTableTests {
    @Test func holdsWhatADictionaryHoldsOverRandomChanges() {
        var random = SystemRandomNumberGenerator()
        var table = PictureTable<Int>(empty: -1)
        var reference: [Int: Int] = [:]
        for _ in 0..<20_000 {
            let id = Int.random(in: 0..<20_000, using: &random)
            let value = Bool.random(using: &random) ? -1 : Int.random(in: 0..<100, using: &random)
            table[id] = value
            reference[id] = value == -1 ? nil : value
        }
        #expect((0..<21_000).allSatisfy { table[$0] == reference[$0] ?? -1 })
        #expect(table.count == reference.count)
        #expect(table.ids == reference.keys.sorted())
        let pages = Set(reference.keys.map { $0 / 4096 })
        #expect(table.pagesHeld == pages.count)
    }

    @Test func picturesThatCameAndWentLeaveOnlyThePagesStillHeld() {
        var table = PictureTable<String>(empty: "")
        table[0] = "stays"
        for round in 0..<10 {
            let ids = (1 + round * 10_000)..<(1 + (round + 1) * 10_000)
            for id in ids { table[id] = "p\(id)" }
            #expect(table.count == 10_001)
            for id in ids { table[PictureID(id)] = "" }
            #expect(table.count == 1 && table.pagesHeld == 1 && table[0] == "stays")
        }
        #expect(table[1_000_000] == "")
    }
}
