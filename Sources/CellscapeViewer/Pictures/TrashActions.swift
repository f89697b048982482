import CellscapePictures
import Foundation

/// Moving files to the trash, and the last move back: what `Delete` and `z` ask, carried out by the
/// window's loop (a replay moves nothing), which then tells the model (``PictureChange``).
public final class TrashActions {
    /// The trash the pictures go to.
    public let trashCan: TrashCan
    private var lastMoved: [TrashCan.Moved] = []

    /// Actions on `trashCan`, by default the trash of this process's user (`XDG_DATA_HOME`, `HOME`).
    public init(trashCan: TrashCan = TrashCan(environment: ProcessInfo.processInfo.environment)) {
        self.trashCan = trashCan
    }

    /// Moves the files at `paths` to the trash; returns those moved, and a line for each that could
    /// not go.
    public func trash(_ paths: [String]) -> (moved: [String], problems: [String]) {
        var problems: [String] = []
        var moved: [TrashCan.Moved] = []
        for path in paths {
            do {
                moved.append(try trashCan.trash(path))
            } catch {
                problems.append(error.description)
            }
        }
        if !moved.isEmpty { lastMoved = moved }
        return (moved.map(\.original), problems)
    }

    /// Puts the files moved last back where they were; returns those restored, and a line for each
    /// that could not go back (another file took its place).
    public func undo() -> (restored: [String], problems: [String]) {
        var problems: [String] = []
        var restored: [String] = []
        for moved in lastMoved {
            do {
                try trashCan.restore(moved)
                restored.append(moved.original)
            } catch {
                problems.append(error.description)
            }
        }
        lastMoved = []
        return (restored, problems)
    }

    /// What the bar says after `moved` pictures went to the trash and `problems` could not.
    public static func trashed(_ moved: Int, problems: [String]) -> String {
        said(moved == 0 ? "" : "\(moved) moved to the trash, z puts \(moved == 1 ? "it" : "them") back", problems)
            ?? "nothing to move to the trash"
    }

    /// What the bar says after `restored` pictures came back from the trash and `problems` could not.
    public static func restored(_ restored: Int, problems: [String]) -> String {
        said(restored == 0 ? "" : "\(restored) put back", problems) ?? "nothing to put back"
    }

    /// `done` and the first problem after it, with how many more; nil when both are empty.
    private static func said(_ done: String, _ problems: [String]) -> String? {
        guard let first = problems.first else { return done.isEmpty ? nil : done }
        let problem = problems.count == 1 ? first : "\(first) (and \(problems.count - 1) more)"
        return done.isEmpty ? problem : done + "; " + problem
    }
}
