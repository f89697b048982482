import CellscapeLayout
import Foundation

/// A force layout's input JSON: decoded and checked; a small one that passes is laid out for a few steps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let input = try? JSONDecoder().decode(ForceInput.self, from: Data(bytes: start, count: count)),
        (try? input.check()) != nil, input.cells.count <= 500
    else { return 0 }
    var layout = ForceDirectedLayout(bounds: Rect(x: 0, y: 0, width: input.width, height: input.height), seed: 1)
    input.add(to: &layout)
    for _ in 0..<5 { layout.step() }
    _ = layout.attributes(in: Rect(x: 0, y: 0, width: input.width, height: input.height))
    return 0
}
