import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The waterfall view's state, driven by commands.
@Suite struct WaterfallSceneTests {
    static func scene(size: Size = Size(width: 1280, height: 800)) -> WaterfallScene {
        var options = WaterfallScene.Options()
        options.catalog = GeneratedItems.items(count: 250, seed: 8)
        options.seed = 3
        options.size = size
        return WaterfallScene(options: options)
    }

    @Test func theFeedIsEndlessAndClampedAtTheTop() {
        var scene = Self.scene()
        #expect(scene.items.count == 100)
        #expect(scene.items[0] == GeneratedItems.item(number: 0, seed: 8))
        scene.handle(.wheel(-3))
        #expect(scene.scrollOffset == 0)
        for _ in 0..<200 { scene.handle(.key(.pageDown)) }
        #expect(scene.items.count > 250)
        #expect(scene.items[250] == GeneratedItems.item(number: 250, seed: 3))
        #expect(scene.layout.contentSize.height >= scene.scrollOffset + 2 * 800)
        scene.handle(.key(.home))
        #expect(scene.scrollOffset == 0 && scene.selection == 0)
        scene.handle(.wheel(2))
        #expect(scene.scrollOffset == 200)
    }

    /// The tile below as brute force finds it: the nearest in the same column whose top is under its
    /// bottom.
    static func tileBelow(_ index: Int, in scene: WaterfallScene) -> Int? {
        let tile = scene.layout.frame(at: index)
        return (0..<scene.items.count).filter {
            let other = scene.layout.frame(at: $0)
            return other.minX == tile.minX && other.minY >= tile.maxY
        }.min { scene.layout.frame(at: $0).minY < scene.layout.frame(at: $1).minY }
    }

    @Test func keysMoveTheSelectionThroughTheColumnsAndTheViewFollows() {
        var scene = Self.scene(size: Size(width: 1000, height: 700))
        scene.handle(.key(.lineDown))
        #expect(scene.selection == 0, "the first key selects the first tile in view")
        var random = SplitMix64(seed: 5)
        for _ in 0..<200 {
            let before = scene.selection ?? 0
            let key: KeyCommand = [.lineDown, .lineDown, .lineUp, .next, .previous, .pageDown][Int(random.next() % 6)]
            let below = Self.tileBelow(before, in: scene)
            scene.handle(.key(key))
            let after = scene.selection ?? -1
            switch key {
            case .lineDown: #expect(after == (below ?? before), "below \(before)")
            case .lineUp: #expect(after == before || Self.tileBelow(after, in: scene) == before, "above \(before)")
            case .next: #expect(after == min(scene.items.count - 1, before + 1))
            case .previous: #expect(after == max(0, before - 1))
            default:
                // The first tile of the column whose centre is a screen (less 40) below the old one's.
                let centre = { (index: Int) in scene.layout.frame(at: index).center.y }
                let above = (0..<scene.items.count).first { Self.tileBelow($0, in: scene) == after }
                #expect(centre(after) - centre(before) >= 660, "a screen down")
                #expect(above == before || centre(above ?? before) - centre(before) < 660, "and no farther")
            }
            let tile = scene.layout.frame(at: after)
            let fits = tile.height + 16 <= 700
            #expect(tile.minY >= scene.scrollOffset - 1e-9, "its top in view")
            #expect(!fits || tile.maxY <= scene.scrollOffset + 700 + 1e-9, "and all of it when it fits")
        }
        scene.handle(.key(.home))
        #expect(scene.selection == 0 && scene.scrollOffset == 0)
    }

    /// At twice the scale in a window twice as wide, every tile is where it was, twice as far and large.
    @Test func aHiDPIScaleGrowsTheTilesWithIt() {
        var options = WaterfallScene.Options()
        options.catalog = GeneratedItems.items(count: 250, seed: 8)
        options.size = Size(width: 1280, height: 800)
        let standard = WaterfallScene(options: options)
        options.size = Size(width: 2560, height: 1600)
        options.scale = 2
        let doubled = WaterfallScene(options: options)
        #expect(doubled.layout.columnWidth == 2 * standard.layout.columnWidth && doubled.barHeight == 48)
        for index in 0..<100 {
            let frame = standard.layout.frame(at: index)
            let big = doubled.layout.frame(at: index)
            #expect(abs(big.minX - 2 * frame.minX) < 1e-9 && abs(big.minY - 2 * frame.minY) < 1e-6)
            #expect(abs(big.height - 2 * frame.height) < 1e-9)
        }
    }

    @Test func aClickSelectsTheTileUnderThePointer() {
        var scene = Self.scene()
        let frame = scene.layout.frame(at: 7)
        let point = frame.center
        scene.handle(.press(point))
        scene.handle(.release(point))
        #expect(scene.selection == 7)
        #expect(WaterfallPainter(scene: scene).hudLines.last?.hasPrefix("selected #7 ") == true)
        scene.handle(.press(Point(x: 3, y: 3)))
        scene.handle(.release(Point(x: 3, y: 3)))
        #expect(scene.selection == nil)
    }

    @Test func draggingScrollsAndFlings() {
        var scene = Self.scene()
        scene.handle(.wheel(10))
        let start = scene.scrollOffset
        scene.handle(.press(Point(x: 600, y: 500)))
        scene.handle(.drag(Point(x: 600, y: 450)))
        scene.handle(.drag(Point(x: 600, y: 400)))
        #expect(scene.scrollOffset == start + 100)
        scene.handle(.release(Point(x: 600, y: 400)))
        #expect(scene.selection == nil)
        #expect(scene.isAnimating)
        var frames = 0
        while scene.isAnimating && frames < 1_000 {
            scene.advance()
            frames += 1
        }
        #expect(scene.scrollOffset > start + 100 + 200)
        #expect(!scene.isAnimating)
    }

    @Test func aResizeReflowsAndKeepsTheTopItemInView() {
        var scene = Self.scene()
        scene.handle(.wheel(25))
        let top = scene.layout.topItem(at: scene.scrollOffset)!
        scene.handle(.resize(Size(width: 600, height: 800)))
        #expect(scene.layout.columnCount == 2)
        let frame = scene.layout.frame(at: top)
        #expect(frame.maxY > scene.scrollOffset && frame.minY < scene.scrollOffset + 800)
        #expect(scene.layout.topItem(at: scene.scrollOffset) == top)
    }

    @Test func theFrameShowsTheVisibleTiles() {
        var scene = Self.scene(size: Size(width: 400, height: 300))
        let frame = Framebuffer(width: 400, height: 300)
        scene.prepareFrame()
        scene.render(into: frame, text: nil)
        #expect(scene.lastQuery.visible == scene.layout.indices(in: scene.visibleRect).count)
        let tile = scene.layout.frame(at: 0)
        #expect(frame[Int(tile.center.x), Int(tile.center.y)] == scene.items[0].color.pixel)
        #expect(frame[4, 150] == Color.background.pixel)
    }

    @Test func theModelRoutesCommandsToTheShowingView() {
        var model = ViewerModel(force: ForceScene.Options(), waterfall: WaterfallScene.Options())
        model.handle(.key(.switchView))
        #expect(model.view == .waterfall)
        model.handle(.wheel(1))
        #expect(model.waterfall.scrollOffset == 100)
        model.handle(.resize(Size(width: 700, height: 500)))
        #expect(model.force.size == Size(width: 700, height: 500) && model.waterfall.size == model.force.size)
        model.handle(.key(.switchView))
        model.handle(.key(.addCells))
        #expect(model.force.layout.count == 300)
        model.handle(.key(.quit))
        #expect(model.wantsQuit)
    }
}
