import CellscapePictures
import Foundation

/// A picture given alone, as a file manager opens it: it shows at once, and the other pictures of its
/// folder join around it as a listing finds them.
extension PictureFeed {
    /// A feed of the picture `file`, shown at once, and of the other pictures of its folder, listed on
    /// a thread of their own: each joins where `order` puts it once its header arrives, so the picture
    /// given keeps its identity and the view open on it stays. When `watching`, its folder is watched
    /// once listed.
    public convenience init(
        opening file: String, order: PictureFiles.Order = .name, descending: Bool = false, threads: Int = 2,
        diskCache: ThumbnailCache?, headerIndex: HeaderIndex? = nil, memoryBytes: Int, watching: Bool = false,
        report: @escaping (String) -> Void
    ) {
        self.init(
            paths: [file], threads: threads, diskCache: diskCache, headerIndex: headerIndex, memoryBytes: memoryBytes,
            report: report)
        members.list(around: file, order: order, descending: descending, watching: watching)
    }
}
