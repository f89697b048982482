import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// The two views of the viewer and which one shows; each keeps its state while the other shows.
public struct ViewerModel {
    /// The views.
    public enum View: String, CaseIterable, Hashable, Sendable, Codable {
        /// The force-directed cells.
        case force
        /// The masonry feed.
        case waterfall
    }

    /// The force view.
    public internal(set) var force: ForceScene
    /// The waterfall view.
    public internal(set) var waterfall: WaterfallScene
    /// The view that shows.
    public internal(set) var view: View
    /// Whether the user asked to quit.
    public private(set) var wantsQuit = false
    /// Whether the window asks to be fullscreen (F11).
    public private(set) var wantsFullscreen = false
    /// Whether the table of keys shows over the view (`?` or F1; any key or click hides it).
    public private(set) var showsKeys = false
    /// The marked pictures the last move to the trash took: `z` brings them back marked.
    var marksInTrash = Set<PictureID>()
    /// The query line, while it is open (`/` or Ctrl+L).
    public internal(set) var query: QueryLine?
    /// What the query line asked to show, until the driver takes it.
    var sourceRequests: [SourceRequest] = []
    /// The sources shown before and after this one.
    var history = SourceHistory()
    /// Where a source the history closed and opened again was left, until its pictures reach there.
    var restoring: SourcePlace?

    /// Creates both views, showing `pictures` if given; `view` shows first.
    public init(
        force: ForceScene.Options, waterfall: WaterfallScene.Options, pictures: PictureFeed? = nil, view: View = .force
    ) {
        self.force = ForceScene(options: force, pictures: pictures)
        self.waterfall = WaterfallScene(options: waterfall, pictures: pictures)
        self.view = view
    }

    /// The window size.
    public var size: Size { force.size }

    /// The pixel size of text: 14 at a scale of 1, growing with it.
    public var textPixelSize: Int { max(6, Int((14 * waterfall.scale).rounded())) }

    /// Where input acts now: the cells, the grid, or the open picture.
    public var inputContext: InputContext {
        view == .force ? .cells : waterfall.openPicture == nil ? .grid : .picture
    }

    /// Whether the showing view changes without input.
    public var isAnimating: Bool {
        view == .force ? force.isAnimating : waterfall.isAnimating
    }

    /// Applies one command: Tab, quit and the key table to the model, a resize to both views, the rest
    /// to the showing view. While the key table shows, a key or a click only hides it.
    public mutating func handle(_ command: ViewerCommand) {
        switch command {
        case .key where showsKeys, .press where showsKeys, .remove where showsKeys, .wheel where showsKeys:
            showsKeys = false
        case .key(.showKeys): showsKeys = true
        case .key(.switchView):
            view = view == .force ? .waterfall : .force
            // The figures of the view that shows describe its own frames from now on.
            if view == .force { force.statistics.reset() } else { waterfall.statistics.reset() }
        case .key(.quit): wantsQuit = true
        case .key(.toggleFullscreen): wantsFullscreen.toggle()
        case .key(.toggleSlideshow) where view == .force && waterfall.pictures != nil:
            // The slideshow shows in the waterfall's image view, from the cell clicked last.
            view = .waterfall
            if let position = force.selectedPicture.flatMap({ waterfall.pictures?.order.position(of: $0) }) {
                waterfall.open(pictureAt: position)
            }
            waterfall.handle(command)
        case .key(.back) where !(view == .waterfall && waterfall.openPicture != nil):
            // Escape is also "back to the grid": pressed once too often it must not lose the marks.
            let marked = waterfall.held.marked.count
            if marked == 0 {
                wantsQuit = true
            } else {
                say("\(marked) marked: q quits (Escape keeps the marks)")
            }
        case .key(.open) where view == .force && force.selectedPicture != nil:
            // The image view belongs to the waterfall: Escape then comes back to its grid.
            view = .waterfall
            if let position = force.selectedPicture.flatMap({ waterfall.pictures?.order.position(of: $0) }) {
                waterfall.open(pictureAt: position)
            }
        case .text, .edit, .key(.openQuery), .key(.historyBack), .key(.historyForward): handleSources(command)
        case .sourcePictures(let total):
            waterfall.joinSourcePictures(upTo: total)
            force.followPictures()
        case .resize:
            force.handle(command)
            waterfall.handle(command)
        default:
            if view == .force { force.handle(command) } else { waterfall.handle(command) }
            force.followPictures()
        }
    }

    /// Hands over what the user asked be done outside the viewer since the last call.
    public mutating func takeRequests() -> [PictureRequest] {
        waterfall.takeRequests()
    }

    /// Takes what the picture workers finished; returns whether the frame must be drawn again.
    @discardableResult
    public mutating func takePictureResults() -> Bool {
        let changed = waterfall.takePictureResults()
        force.followPictures()
        if changed && restoring != nil { restorePlace() }
        return changed
    }

    /// Moves the animations that show on to the frames due by `now` (monotonic nanoseconds); returns
    /// whether the frame must be drawn again. Time-driven, so no part of a session's state.
    public mutating func advanceAnimations(to now: UInt64, early: UInt64 = 0) -> Bool {
        guard view == .waterfall, let pictures = waterfall.pictures else { return false }
        return pictures.animations.advanceAnimations(to: now, early: early)
    }

    /// The parts of the window the last ``advanceAnimations(to:early:)`` changed, when nothing else
    /// differs there; nil when the whole frame must be drawn.
    public var animationDamage: [Rect]? {
        guard view == .waterfall, query == nil, let pictures = waterfall.pictures else { return nil }
        return waterfall.damage(animating: pictures.animations.advancedFrames)
    }

    /// When an animation that shows moves on next, the status starts to fade, a removed picture
    /// leaves the grid or a source asks again after a failure's wait; nil when none will before more
    /// frames arrive.
    public var nextAnimationDeadline: UInt64? {
        guard view == .waterfall else { return nil }
        let pictures = waterfall.pictures
        let deadlines = [
            pictures?.animations.nextAnimationDeadline, waterfall.messages.deadline(at: waterfall.clock.now),
            pictures?.nextRemovalDeadline, pictures?.nextSourceDeadline,
        ]
        return deadlines.compactMap { $0 }.min()
    }

    /// Says `text` in the bar of the waterfall for a few seconds (what the trash, the key-handler or
    /// the desktop did), from `now` (the scene's clock's when not given).
    public mutating func say(_ text: String, now: UInt64? = nil) {
        waterfall.say(text, now: now ?? waterfall.clock.now)
    }

    /// Moves the showing view on by one frame.
    public mutating func advance() {
        if view == .force { force.advance() } else { waterfall.advance() }
    }

    /// Turns what the showing view shows into work for the picture loader, before a frame is drawn.
    public mutating func prepareFrame() {
        if view == .force { force.prepareFrame() } else { waterfall.prepareFrame() }
    }

    /// Draws the showing view, and the key table over it when it shows.
    public func render(into frame: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?) {
        if view == .force {
            force.render(into: frame, rasterizer: rasterizer, text: text)
        } else {
            waterfall.render(into: frame, text: text)
        }
        if showsKeys, let text { KeyTableOverlay.draw(inputContext, into: frame, text: text) }
        if let query, let text { QueryOverlay.draw(query, into: frame, text: text, scale: waterfall.scale) }
    }

    /// Records one frame's timings in the showing view's statistics.
    public mutating func record(start: UInt64, step: UInt64, frame: UInt64) {
        if view == .force {
            force.statistics.record(start: start, step: step, frame: frame)
        } else {
            waterfall.statistics.record(start: start, step: step, frame: frame)
        }
    }

    /// Forgets the showing view's past frame times (after an idle spell).
    public mutating func restartStatistics() {
        if view == .force { force.statistics.restart() } else { waterfall.statistics.restart() }
    }

    /// The window's title: the open picture's file name, else the pictures' folder, then the
    /// program's name.
    public var title: String {
        guard let pictures = waterfall.pictures else { return Self.applicationName }
        if view == .waterfall, let open = waterfall.openPicture {
            return "\(pictures.name(of: open.index)) - \(Self.applicationName)"
        }
        return "\(pictures.folderName) - \(Self.applicationName)"
    }

    /// The program's name, the title of its window.
    public static let applicationName = "Cellscape"

    /// Whether the showing view shows its HUD.
    public var showsHUD: Bool { view == .force ? force.showsHUD : waterfall.showsHUD }
}
