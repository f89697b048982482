import CellscapePictures
import Foundation

/// Moving pictures of a feed to the trash, and the last move back: what `Delete` and `z` ask, carried
/// out by the window's loop (a replay moves nothing). A moved picture's tile says so; put back, it is
/// read again.
public final class TrashActions {
    /// The trash the pictures go to.
    public let trashCan: TrashCan
    private var lastMoved: [(index: Int, moved: TrashCan.Moved)] = []

    /// Actions on `trashCan`, by default the trash of this process's user (`XDG_DATA_HOME`, `HOME`).
    public init(trashCan: TrashCan = TrashCan(environment: ProcessInfo.processInfo.environment)) {
        self.trashCan = trashCan
    }

    /// Moves pictures `indices` of `feed` to the trash; returns a line for each that could not go.
    public func trash(_ indices: [Int], of feed: PictureFeed) -> [String] {
        var problems: [String] = []
        var moved: [(Int, TrashCan.Moved)] = []
        for index in indices where feed.loader.paths.indices.contains(index) {
            do {
                moved.append((index, try trashCan.trash(feed.loader.paths[index])))
                feed.markGone(index, "moved to the trash")
            } catch {
                problems.append(error.description)
            }
        }
        if !moved.isEmpty { lastMoved = moved }
        return problems
    }

    /// Puts the pictures moved last back where they were; returns a line for each that could not go
    /// back (another file took its place).
    public func undo(in feed: PictureFeed) -> [String] {
        var problems: [String] = []
        for (index, moved) in lastMoved {
            do {
                try trashCan.restore(moved)
                feed.refresh(index)
            } catch {
                problems.append(error.description)
            }
        }
        lastMoved = []
        return problems
    }
}
