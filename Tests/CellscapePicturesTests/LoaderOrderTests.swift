import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// A loader whose order changes while its workers run: every answer names the picture now at its
/// position, and pictures dropped are never answered for again. Checked against the order kept by hand
/// through random rearrangements.
@Suite struct LoaderOrderTests {
    @Test func everyAnswerNamesThePictureAtItsPositionThroughRandomRearrangements() throws {
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
            var shown = paths
            var headers: [String: Int] = [:]
            func check(_ results: [PictureLoader.Result]) {
                for result in results {
                    switch result {
                    case .header(let index, let header, _):
                        #expect(header?.width == width(shown[index]), "seed \(seed)")
                        headers[shown[index], default: 0] += 1
                    case .thumbnail(let index, _, let image, _):
                        #expect(image?.width == width(shown[index]), "seed \(seed)")
                    default: break
                    }
                }
            }
            for _ in 0..<25 {
                for _ in 0..<6 where !shown.isEmpty {
                    let position = Int(random.next() % UInt64(shown.count))
                    loader.requestThumbnail(index: position, side: 256, priority: position)
                }
                usleep(useconds_t(random.next() % 3_000))
                check(loader.takeResults())
                var kept = Array(shown.indices).shuffled(using: &random)
                kept.removeAll { _ in random.next() % 12 == 0 }
                loader.rearrange(kept, known: shown.count)
                shown = kept.map { shown[$0] }
                #expect(loader.paths == shown && loader.count == shown.count)
            }
            // Every picture still shown is answered for, its header once.
            for position in shown.indices { loader.requestThumbnail(index: position, side: 256, priority: position) }
            let deadline = Date().addingTimeInterval(30)
            while Set(headers.keys).intersection(shown).count < shown.count && Date() < deadline {
                loader.waitForWake(milliseconds: 20)
                check(loader.takeResults())
            }
            #expect(shown.allSatisfy { headers[$0] == 1 }, "seed \(seed)")
            #expect(Set(headers.keys).isSubset(of: paths))
        }
    }

    @Test func picturesAppendedMeanwhileFollowThoseRearranged() throws {
        let (root, paths) = try PictureLoaderTests.folder(count: 6)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = PictureLoader(paths: Array(paths.prefix(4)), threads: 1, paused: true)
        loader.append(paths: Array(paths.dropFirst(4)))  // a listing's batch the caller has not seen
        loader.rearrange([3, 1], known: 4)
        #expect(loader.paths == [paths[3], paths[1]] + paths.dropFirst(4))
        loader.setPaused(false)
        let results = loader.waitForResults(count: 5, seconds: 10)
        let answered = results.compactMap { result -> Int? in
            if case .header(let index, _, _) = result { return index }
            return nil
        }
        #expect(answered == [0, 1, 2, 3, 4], "the headers still come in order, one worker reading them")
    }
}
