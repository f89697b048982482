import CellscapeLayout
import Foundation

/// What the user asks be done with pictures outside the viewer: the model records it, the window's
/// loop carries it out (a replay does not), so the model stays free of processes and X selections.
public enum PictureRequest: Hashable, Sendable {
    /// Open the files (or remote items' pages) with the desktop's application for them (`xdg-open`).
    case openWithDesktop([String])
    /// Offer the files' paths (or remote items' pages) as the X CLIPBOARD and PRIMARY selections.
    case copyPaths([String])
    /// Run the key-handler with `key` on these files, their paths on its standard input.
    case runKeyHandler(key: String, paths: [String])
    /// Move these files to the trash.
    case trash([String])
    /// Put the pictures moved to the trash last back.
    case undoTrash
    /// Save these pictures into the save folder (a feed's items downloaded whole).
    case save([SavedPicture])
}

extension PictureRequest {
    /// The keys that ask something of the pictures.
    static let keys: [KeyCommand] = [.openWithDesktop, .copyPaths, .trash, .trashMarked, .undoTrash, .save]

    /// What `key` (one of ``keys``) asks of `pictures`: of those `marked`, else of the one `inView`
    /// (open or selected); Delete takes the one in view whatever is marked, `D` the marked alone. With
    /// nothing to act on,
    /// no request, and perhaps what to say instead.
    static func made(by key: KeyCommand, marked: [Int], inView: Int?, pictures: PictureFeed)
        -> (requests: [PictureRequest], message: String?)
    {
        if key == .undoTrash { return ([.undoTrash], nil) }
        let actedOn =
            key == .trashMarked ? marked : marked.isEmpty || key == .trash ? [inView].compactMap { $0 } : marked
        if key == .trash || key == .trashMarked {
            if actedOn.contains(where: { pictures.details(at: $0) != nil }) {
                return ([], "the trash takes files only: a feed's items are not on this computer")
            }
            let indices = actedOn.filter { $0 < pictures.count && pictures.problem(at: $0) == nil }
            if !indices.isEmpty { return ([.trash(indices.map(pictures.path(of:)))], nil) }
            return ([], key == .trashMarked ? "no marked pictures: m marks one" : nil)
        }
        let inFeed = actedOn.filter { $0 < pictures.count }
        if key == .save {
            let saved = inFeed.map { SavedPicture(path: pictures.path(of: $0), details: pictures.details(at: $0)) }
            return saved.isEmpty ? ([], "nothing to save: select or mark pictures") : ([.save(saved)], nil)
        }
        // A file by its path; a feed's item by its web page alone (never a file or a script its
        // server names, nor its bare name, which the desktop would look for here).
        let paths = inFeed.compactMap { position -> String? in
            guard let details = pictures.details(at: position) else { return pictures.path(of: position) }
            return details.webPage?.absoluteString
        }
        guard !paths.isEmpty else {
            let verb = key == .openWithDesktop ? "open" : "copy"
            return ([], inFeed.isEmpty ? nil : "no web page to \(verb): the server gave none")
        }
        // Said on the bar: what was handed to the desktop (a failure to start it is said after).
        let what = paths.count == 1 ? Self.shortName(paths[0]) : "\(paths.count) pictures"
        return key == .openWithDesktop
            ? ([.openWithDesktop(paths)], "opening \(what) with the desktop's application")
            : ([.copyPaths(paths)], "copied " + (paths.count == 1 ? what : "the \(Self.noun(paths)) of \(what)"))
    }

    /// What is copied of `paths`: a feed's items' pages' addresses, or files' paths.
    static func noun(_ paths: [String]) -> String { paths.contains { $0.contains("://") } ? "addresses" : "paths" }

    /// A file by its name, a web page by its address.
    static func shortName(_ path: String) -> String {
        path.contains("://") ? path : (path as NSString).lastPathComponent
    }
}

extension WaterfallScene {
    /// Records the request a key makes of the pictures acted on (the marked ones, else the open or
    /// selected one); returns false for other keys.
    mutating func request(_ key: KeyCommand) -> Bool {
        guard let pictures, PictureRequest.keys.contains(key) else { return false }
        let made = PictureRequest.made(
            by: key, marked: marks.sorted(), inView: openPicture?.index ?? selection, pictures: pictures)
        requests += made.requests
        if let message = made.message { say(message, now: clock.now) }
        return true
    }

    /// Records the key-handler's run with `key` on the pictures acted on.
    mutating func requestKeyHandler(_ key: String) {
        guard let pictures else { return }
        let actedOn = marks.isEmpty ? [openPicture?.index ?? selection].compactMap { $0 } : marks.sorted()
        if actedOn.contains(where: { pictures.details(at: $0) != nil }) {
            say(
                "the key-handler takes files only: a feed's items are not on this computer", now: clock.now
            )
            return
        }
        let paths = actedOn.filter { $0 < pictures.count }.map(pictures.path(of:))
        if !paths.isEmpty { requests.append(.runKeyHandler(key: key, paths: paths)) }
    }

    /// Hands over the requests recorded since the last call.
    public mutating func takeRequests() -> [PictureRequest] {
        defer { requests.removeAll() }
        return requests
    }
}
