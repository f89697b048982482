import Foundation
import Testing

@testable import CellscapeLayout

/// Force input the simulation cannot mean is refused with one line, before any step: the fuzzer found a
/// radius of 1e41 whose forces went infinite and crashed the neighbour grid.
@Suite struct ForceInputBoundsTests {
    @Test func theFuzzersRadiusIsRefusedByItsPlace() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/FuzzForceInput/radius-1e41.json")
        let input = try JSONDecoder().decode(ForceInput.self, from: try Data(contentsOf: file))
        #expect {
            try input.check()
        } throws: { error in
            (error as? InputProblem)?.description
                == "cells[1].radius must be a positive number up to 1000000, not 17777777773777.0"
        }
    }

    @Test func valuesAtTheBoundsLayOutAndStayFinite() throws {
        let input = ForceInput(
            width: ForceInput.largestSize, height: 1,
            cells: [
                .init(
                    x: ForceInput.farthestCoordinate, y: -ForceInput.farthestCoordinate,
                    radius: ForceInput.largestRadius),
                .init(x: 0, y: 0, radius: 1e-300), .init(x: 0, y: 0, radius: nil),
            ])
        try input.check()
        var layout = ForceDirectedLayout(bounds: Rect(x: 0, y: 0, width: input.width, height: input.height), seed: 1)
        input.add(to: &layout)
        for _ in 0..<50 { layout.step() }
        let all = layout.attributes(in: Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        #expect(all.count == 3 && all.allSatisfy { $0.frame.minX.isFinite && $0.frame.minY.isFinite })
        for bad in [
            ForceInput(width: 1e8, height: 1, cells: []),
            ForceInput(width: 1, height: 1, cells: [.init(x: 2e9, y: 0, radius: nil)]),
            ForceInput(width: 1, height: 1, cells: [.init(x: 0, y: 0, radius: 2e6)]),
        ] {
            #expect(throws: InputProblem.self) { try bad.check() }
        }
    }
}
