import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// Where pictures come from: the paths given (``PathsSource``), or a source of its own that the feed
/// reads at each look, whose pictures join at the end in the order they arrive, as a remote feed's
/// stream does. A picture's bytes are a file's or the source's (`PictureBytes`), read on the loader's
/// workers; the size the source knows before any pixel (a feed's API says it) lays the tile out at
/// once, so nothing moves when the pixels arrive. The order, the thumbnails and the scenes do not
/// know where a picture came from.
public protocol PictureSource: AnyObject {
    /// The pictures that arrived since the last look, in order.
    func takeArrived() -> [SourcePicture]

    /// Takes the way to wake the main loop when pictures arrive (a remote page came in while nothing
    /// moves); called once, when the feed starts reading the source.
    func attach(wake: @escaping @Sendable () -> Void)

    /// Where the view is: its bottom, a screen's height and where the content ends, in the grid's
    /// points. A remote feed asks for its next page as the bottom nears the end.
    func viewed(bottom: Double, screen: Double, contentEnd: Double)

    /// What the source says of itself now, in one look (``SourceReport``).
    var report: SourceReport { get }

    /// Cancels what the source asked for and asks for nothing after (its feed closed).
    func close()
}

extension PictureSource {
    public func attach(wake: @escaping @Sendable () -> Void) {}
    public func viewed(bottom: Double, screen: Double, contentEnd: Double) {}
    public var report: SourceReport { SourceReport() }
    public func close() {}
}

/// What a source says of itself: the window's title and the bar read it, a snapshot waits on it, a
/// session records it.
public struct SourceReport: Hashable, Sendable {
    /// What the window's title and the bar call the source's pictures in place of a folder's name
    /// (a remote feed's address); nil: their folder's.
    public var title: String?
    /// What the bar says of the source now, if anything ("offline, trying again at 14:03").
    public var status: String?
    /// What stops the source giving pictures now ("the server has no such feed"), if anything.
    public var problem: String?
    /// Whether the source is waiting for pictures it asked for (a page on its way): a snapshot waits.
    public var isLoading: Bool
    /// The identity of each answer the source read its pictures from (a feed's pages), in order.
    public var answers: [String]
    /// In how many seconds the source asks again for what a failure held back (a page after a 429 or
    /// an outage), if it waits: the frame scheduler wakes an idle window then, and the look at the
    /// source on that turn (``PictureSource/takeArrived()``) asks.
    public var retryIn: Double?

    public init(
        title: String? = nil, status: String? = nil, problem: String? = nil, isLoading: Bool = false,
        answers: [String] = [], retryIn: Double? = nil
    ) {
        self.title = title
        self.status = status
        self.problem = problem
        self.isLoading = isLoading
        self.answers = answers
        self.retryIn = retryIn
    }
}

/// One picture a source gives: where its bytes are and, when known before them, its size in upright
/// pixels.
public struct SourcePicture: Sendable {
    /// Where a picture's bytes are.
    public enum Location: Sendable {
        /// In the file at this path.
        case file(String)
        /// Held by the source.
        case held(PictureBytes)
    }

    /// Where its bytes are read from.
    public var location: Location
    /// Its size, when the source knows it before its pixels.
    public var size: Size?
    /// What its source says of it beyond its bytes (a feed's item's page, alt text, length).
    public var details: PictureDetails?
    /// What its tile shows until its pixels come (a remote item's blurhash, decoded small).
    public var placeholder: PixelImage?

    /// A picture of `bytes`, of `size` when known, with what its source says of it.
    public init(
        bytes: PictureBytes, size: Size? = nil, details: PictureDetails? = nil, placeholder: PixelImage? = nil
    ) {
        location = .held(bytes)
        self.size = size
        self.details = details
        self.placeholder = placeholder
    }

    /// The picture in the file at `path`.
    public init(file path: String) {
        location = .file(path)
        size = nil
        details = nil
        placeholder = nil
    }
}

/// The pictures at paths given (the command line's, or standard input's), all there at the first look.
public final class PathsSource: PictureSource {
    private var paths: [String]

    /// A source of the pictures at `paths`, in order.
    public init(paths: [String]) { self.paths = paths }

    public func takeArrived() -> [SourcePicture] {
        defer { paths = [] }
        return paths.map(SourcePicture.init(file:))
    }
}

extension PictureFeed {
    /// Reads `source` from now on, at each ``takeResults()``: its pictures join at the end as they arrive.
    public func read(_ source: PictureSource) { members.read(source) }

    /// What stops a source giving pictures (``SourceReport/problem``), if anything.
    public var sourceProblem: String? { members.listing.sources.lazy.compactMap(\.report.problem).first }

    /// The identity of each answer the sources read their pictures from (``SourceReport/answers``).
    public var sourceAnswers: [String] { members.listing.sources.flatMap(\.report.answers) }

    /// Whether a source waits for pictures it asked for (``SourceReport/isLoading``).
    public var sourcesLoading: Bool { members.listing.sources.contains { $0.report.isLoading } }

    /// When a source asks again for what a failure held back (``SourceReport/retryIn``), on the
    /// feed's clock; nil when none waits.
    public var nextSourceDeadline: UInt64? {
        guard let seconds = members.listing.sources.compactMap(\.report.retryIn).min() else { return nil }
        return clock.now + UInt64(max(0, seconds) * 1e9)
    }

    /// Asks for the original of the item `item` describes, to save it: the file its picture's bytes
    /// save (`PictureBytes.Rendition.saved`), answering on any thread.
    public func original(
        of item: PictureDetails, answer: @escaping @Sendable (Result<[UInt8], SaveProblem>) -> Void
    ) {
        guard let id = catalog.id(describedBy: item), let held = loader.heldBytes(of: id)
        else { return answer(.failure(SaveProblem("it is no longer in the feed"))) }
        // Asked off the main thread: the source may read a cached copy of the original from disk first.
        DispatchQueue.global().async {
            held.contents(.saved) { read in
                answer(
                    Result { () throws(PictureProblem) in try read.get().whole() }.mapError {
                        SaveProblem($0.description)
                    })
            }
        }
    }

    /// Closes the sources (``PictureSource/close()``): their pages and downloads are cancelled, and
    /// nothing joins after (the window closed, the feed left).
    public func closeSources() {
        for source in members.listing.sources { source.close() }
    }

    /// What the sources say of themselves now (``SourceReport/status``), for the bar.
    public var sourceStatus: String? { members.listing.sources.lazy.compactMap(\.report.status).first }

    /// Tells the sources where the view is (``PictureSource/viewed(bottom:screen:contentEnd:)``).
    public func viewed(bottom: Double, screen: Double, contentEnd: Double) {
        for source in members.listing.sources { source.viewed(bottom: bottom, screen: screen, contentEnd: contentEnd) }
    }

    /// Whether the sources' pictures join only on an input (``ViewerCommand/sourcePictures(_:)``),
    /// not as they come: set while a session records or replays, so each page joins at the same frame.
    public var joinsSourcesOnInput: Bool {
        get { members.listing.joins.onInput }
        set { members.listing.joins.onInput = newValue }
    }

    /// How many of the sources' pictures joined, and how many wait for an input to join.
    public var sourcePicturesJoined: Int { members.listing.joins.joined }
    public var sourcePicturesHeld: Int { members.listing.joins.held.count }

    /// Joins the sources' pictures held until `total` joined in all, waiting up to `timeout` seconds for
    /// them to come (a replay reads its pages from the cache as the recording got them from the
    /// network); returns whether they all joined.
    @discardableResult
    public func joinSourcePictures(upTo total: Int, timeout: Double = 30) -> Bool {
        members.takeFromSources()
        CallerWait.until(timeout: timeout) {
            sourcePicturesJoined + sourcePicturesHeld >= total || sourceProblem != nil
        } step: {
            // The next page asked for as the view at the content's end would (a headless replay draws
            // no frame to ask it); one already asked for is not asked again.
            viewed(bottom: 0, screen: 1, contentEnd: 0)
            loader.waitForWake(milliseconds: 20)
            members.takeFromSources()
        }
        members.joinHeld(upTo: total)
        return sourcePicturesJoined == total
    }
}

extension PictureLoader {
    /// Appends the pictures `arrived`, in order (each run of files, or of held bytes, at once); returns
    /// their ids.
    @discardableResult
    func append(_ arrived: [SourcePicture]) -> [PictureID] {
        var ids: [PictureID] = []
        var start = arrived.startIndex
        while start < arrived.endIndex {
            let isFile = { (picture: SourcePicture) in if case .file = picture.location { true } else { false } }
            let end = arrived[start...].firstIndex { isFile($0) != isFile(arrived[start]) } ?? arrived.endIndex
            var paths: [String] = []
            var held: [PictureBytes] = []
            for picture in arrived[start..<end] {
                switch picture.location {
                case .file(let path): paths.append(path)
                case .held(let bytes): held.append(bytes)
                }
            }
            ids += held.isEmpty ? append(paths: paths) : append(held: held)
            start = end
        }
        return ids
    }
}
