import CellscapePictures
import CellscapeViewer
import Foundation

/// What the pictures given open as: the picture open at the start, the name that opens them again.
extension PictureOptions {
    /// What opens these pictures again from the query line: the feed's address, or the one folder's
    /// absolute path; nil for files and standard input.
    var sourceName: String? {
        feedAddress ?? (paths.count == 1 && Self.isFolder(paths[0]) ? PictureFiles.absolute(paths[0]) : nil)
    }

    /// Where the picture that opens at the start shows in `feed`: the picture given alone, or the first
    /// of several files; nil when a folder or standard input was given.
    func openedPosition(in feed: PictureFeed) -> Int? {
        guard !paths.contains("-"), let first = paths.first, paths.allSatisfy(Self.isFile) else { return nil }
        if let position = feed.position(ofPath: first) { return position }
        let wanted = PictureFiles.absolute(first)
        return feed.paths.firstIndex { PictureFiles.absolute($0) == wanted }
    }
}
