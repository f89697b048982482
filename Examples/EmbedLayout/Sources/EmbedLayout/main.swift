import CellscapeLayout

// A force-directed layout of 1,000 round cells, stepped until it rests.
var force = ForceDirectedLayout(bounds: Rect(x: 0, y: 0, width: 1280, height: 800), seed: 7)
for _ in 0..<1_000 { force.addCell() }
var steps = 0
while !force.isSettled && steps < 10_000 {
    force.step()
    steps += 1
}
let visible = force.attributes(in: Rect(x: 0, y: 0, width: 640, height: 400))
print("force: 1000 cells settled=\(force.isSettled) after \(steps) steps; \(visible.count) in the top-left quarter")

// A waterfall of 10,000 generated items in columns at least 240 wide, and the items of one screen.
var waterfall = WaterfallLayout(bounds: Rect(x: 0, y: 0, width: 1280, height: 800))
waterfall.append(GeneratedItems.items(count: 10_000, seed: 1).map(\.size))
let screen = waterfall.attributes(in: Rect(x: 0, y: 5_000, width: 1280, height: 800))
print(
    "waterfall: \(waterfall.count) items in \(waterfall.columnCount) columns, content height "
        + "\(Int(waterfall.contentSize.height)); \(screen.count) items on the screen at y = 5000")
