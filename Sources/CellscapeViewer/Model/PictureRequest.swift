import CellscapeLayout

/// What the user asks be done with pictures outside the viewer: the model records it, the window's
/// loop carries it out (a replay does not), so the model stays free of processes and X selections.
public enum PictureRequest: Hashable, Sendable {
    /// Open the files with the desktop's application for them (`xdg-open`).
    case openWithDesktop([String])
    /// Offer the files' paths as the X CLIPBOARD and PRIMARY selections.
    case copyPaths([String])
    /// Run the key-handler with `key` on these files, their paths on its standard input.
    case runKeyHandler(key: String, paths: [String])
    /// Move these files to the trash.
    case trash([String])
    /// Put the pictures moved to the trash last back.
    case undoTrash
}

extension WaterfallScene {
    /// The pictures an action acts on: the marked ones, else the open or selected one.
    var actedOn: [Int] {
        if !marks.isEmpty { return marks.sorted() }
        return [openPicture?.index ?? selection].compactMap { $0 }
    }

    /// Records the request a key makes of the pictures acted on; returns false for other keys.
    mutating func request(_ key: KeyCommand) -> Bool {
        guard let pictures, [.openWithDesktop, .copyPaths, .trash, .trashMarked, .undoTrash].contains(key) else {
            return false
        }
        if key == .undoTrash {
            requests.append(.undoTrash)
            return true
        }
        if key == .trash || key == .trashMarked {
            // Delete takes the picture in view, whatever is marked; the marks go with a key of their own.
            let chosen = key == .trash ? [openPicture?.index ?? selection].compactMap { $0 } : marks.sorted()
            let indices = chosen.filter { $0 < pictures.count && pictures.problem(at: $0) == nil }
            if !indices.isEmpty {
                requests.append(.trash(indices.map(pictures.path(of:))))
            } else if key == .trashMarked {
                say("no marked pictures: m marks one", now: monotonicNanoseconds())
            }
            return true
        }
        let paths = actedOn.filter { $0 < pictures.count }.map(pictures.path(of:))
        guard !paths.isEmpty else { return true }
        requests.append(key == .openWithDesktop ? .openWithDesktop(paths) : .copyPaths(paths))
        return true
    }

    /// Records the key-handler's run with `key` on the pictures acted on.
    mutating func requestKeyHandler(_ key: String) {
        guard let pictures else { return }
        let paths = actedOn.filter { $0 < pictures.count }.map(pictures.path(of:))
        if !paths.isEmpty { requests.append(.runKeyHandler(key: key, paths: paths)) }
    }

    /// Hands over the requests recorded since the last call.
    public mutating func takeRequests() -> [PictureRequest] {
        defer { requests.removeAll() }
        return requests
    }
}
