import CellscapePictures
import Foundation

/// Moving pictures of a feed to the trash, and the last move back: what `Delete` and `z` ask, carried
/// out by the window's loop (a replay moves nothing). A moved picture leaves the grid; put back, it
/// returns to its place and is read again.
public final class TrashActions {
    /// The trash the pictures go to.
    public let trashCan: TrashCan
    private var lastMoved: [(position: Int, moved: TrashCan.Moved)] = []

    /// Actions on `trashCan`, by default the trash of this process's user (`XDG_DATA_HOME`, `HOME`).
    public init(trashCan: TrashCan = TrashCan(environment: ProcessInfo.processInfo.environment)) {
        self.trashCan = trashCan
    }

    /// Moves the pictures at `paths` to the trash and out of `feed`; returns a line for each that
    /// could not go.
    public func trash(_ paths: [String], of feed: PictureFeed) -> [String] {
        var problems: [String] = []
        var moved: [(Int, TrashCan.Moved)] = []
        for path in paths {
            guard let position = feed.position(ofPath: path) else { continue }
            do {
                moved.append((position, try trashCan.trash(path)))
            } catch {
                problems.append(error.description)
            }
        }
        feed.remove(moved.map(\.0))
        if !moved.isEmpty { lastMoved = moved }
        return problems
    }

    /// Puts the pictures moved last back where they were, in the folder and in `feed`; returns a line
    /// for each that could not go back (another file took its place).
    public func undo(in feed: PictureFeed) -> [String] {
        var problems: [String] = []
        var restored: [(position: Int, path: String)] = []
        for (position, moved) in lastMoved {
            do {
                try trashCan.restore(moved)
                restored.append((position, moved.original))
            } catch {
                problems.append(error.description)
            }
        }
        lastMoved = []
        feed.insert(restored)
        return problems
    }
}
