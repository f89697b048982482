import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// A loader whose pictures are forgotten and read in another order while its workers run: every
/// answer names its picture by id, and a picture forgotten is never answered for again. Checked against
/// the pictures kept by hand through random changes.
@Suite struct LoaderOrderTests {
    @Test func everyAnswerNamesItsPictureThroughRandomForgetsAndReorders() throws {
        let (root, paths) = try PictureLoaderTests.folder(count: 60)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Picture `p<n>` is 90 + n pixels wide (60 high): its header and its thumbnail say which it is.
        let width = { (path: String) -> Int? in
            let name = (path as NSString).lastPathComponent
            return name.hasPrefix("p") ? Int(name.dropFirst().prefix { $0.isNumber }).map { 90 + $0 } : nil
        }
        for seed in 1...3 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            let loader = PictureLoader(paths: paths, threads: 2)
            var kept = paths.indices.map(PictureID.init)
            var forgotten = Set<PictureID>()
            var headers: [PictureID: Int] = [:]
            func check(_ results: [PictureLoader.Result]) {
                for result in results {
                    switch result {
                    case .header(let id, let header, _):
                        #expect(header?.width == width(paths[id.rawValue]), "seed \(seed)")
                        #expect(!forgotten.contains(id), "seed \(seed): \(id) was forgotten")
                        headers[id, default: 0] += 1
                    case .thumbnail(let id, _, let image, _):
                        #expect(image?.width == width(paths[id.rawValue]), "seed \(seed)")
                        #expect(!forgotten.contains(id), "seed \(seed): \(id) was forgotten")
                    default: break
                    }
                }
            }
            for _ in 0..<25 {
                for _ in 0..<6 where !kept.isEmpty {
                    let position = Int(random.next() % UInt64(kept.count))
                    loader.requestThumbnail(kept[position], side: 256, priority: position)
                }
                check(loader.waitForResults(count: 1, seconds: 0.002))
                kept.shuffle(using: &random)
                let dropped = kept.filter { _ in random.next() % 12 == 0 }
                loader.forget(dropped)
                forgotten.formUnion(dropped)
                kept.removeAll { forgotten.contains($0) }
                loader.readHeaders(inOrderOf: kept)
            }
            // Every picture still kept is answered for, its header once.
            for (position, id) in kept.enumerated() { loader.requestThumbnail(id, side: 256, priority: position) }
            let deadline = Date().addingTimeInterval(30)
            while Set(headers.keys).intersection(kept).count < kept.count && Date() < deadline {
                loader.waitForWake(milliseconds: 20)
                check(loader.takeResults())
            }
            #expect(kept.allSatisfy { headers[$0] == 1 }, "seed \(seed)")
        }
    }

    @Test func headersAreReadInTheOrderGivenThenThoseNotNamed() throws {
        let (root, paths) = try PictureLoaderTests.folder(count: 6)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = PictureLoader(paths: Array(paths.prefix(4)), threads: 1, paused: true)
        let appended = loader.append(paths: Array(paths.dropFirst(4)))  // a listing's batch
        #expect(appended == [PictureID(4), PictureID(5), PictureID(6)])
        loader.readHeaders(inOrderOf: [PictureID(3), PictureID(1)])
        loader.forget([PictureID(0)])
        loader.setPaused(false)
        let results = loader.waitForResults(count: 6, seconds: 10)
        let answered = results.compactMap { result -> Int? in
            if case .header(let id, _, _) = result { return id.rawValue }
            return nil
        }
        #expect(answered == [3, 1, 2, 4, 5, 6], "one worker reads them in the order given, then in theirs")
    }
}
