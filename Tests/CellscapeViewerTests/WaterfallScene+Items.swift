import CellscapeLayout

@testable import CellscapeViewer

extension WaterfallScene {
    /// The items laid out, in order, made anew: the scene keeps no copy of them.
    var items: [WaterfallItem] { (0..<itemCount).map(item) }
}
