import CellscapeLayout
import CellscapeViewer
import Foundation

/// A waterfall catalog's JSON: decoded and checked, or its problem described with its place.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let items = try JSONDecoder().decode(WaterfallCatalog.self, from: data).waterfallItems()
        var layout = WaterfallLayout(bounds: Rect(x: 0, y: 0, width: 1280, height: 800))
        layout.append(items.prefix(10_000).map(\.size))
        _ = layout.indices(in: Rect(x: 0, y: 0, width: 1280, height: 800))
    } catch let error as DecodingError {
        _ = JSONProblem.describe(error, data: data)
    } catch {}
    return 0
}
