import CellscapePictures
import Dispatch
import Foundation

/// One picture to save: a file's path, or a feed's item whose source gives its original.
public struct SavedPicture: Hashable, Sendable {
    /// The file's path, or a held picture's name.
    public var path: String
    /// What its source says of it, when it is a feed's item.
    public var details: PictureDetails?

    public init(path: String, details: PictureDetails? = nil) {
        self.path = path
        self.details = details
    }
}

/// Why a picture was not saved, in a user's words ("the server answered 404").
public struct SaveProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Saves pictures into a folder (`--save-to`) off the main thread: a file is copied, a remote item's
/// original downloaded by its source; each under its own name, made unique beside what the folder
/// holds ("cat-2.gif"), written whole or not at all. What happened comes back as one line a batch,
/// taken by the window's loop (``takeMessages()``), which `wake` wakes.
public final class PictureSaver: Sendable {
    /// One line for the bar, and whether it tells of a failure (then it goes to standard error too).
    public struct Message: Hashable, Sendable {
        public var text: String
        public var failed: Bool
    }

    /// The folder pictures are saved into.
    public let folder: String
    private let wake: @Sendable () -> Void
    private let finished = Guarded<[Message]>([])

    public init(folder: String, wake: @escaping @Sendable () -> Void) {
        self.folder = folder
        self.wake = wake
    }

    /// The folder as the bar names it, the home folder as `~`.
    public var readableFolder: String { Self.readable(folder) }

    /// Saves `pictures`; `original` asks a feed's item's source for its original's bytes (it
    /// answers on any thread).
    public func save(
        _ pictures: [SavedPicture],
        original: (PictureDetails, @escaping @Sendable (Result<[UInt8], SaveProblem>) -> Void) -> Void
    ) {
        guard !pictures.isEmpty else { return }
        let batch = Guarded(Batch(remaining: pictures.count))
        let folder = self.folder
        for picture in pictures {
            let done: @Sendable (Result<String, SaveProblem>) -> Void = { [self] result in
                let message = batch.withLock { batch in batch.took(result, of: picture, folder: folder) }
                if let message {
                    finished.withLock { $0.append(message) }
                    wake()
                }
            }
            if let item = picture.details {
                original(item) { bytes in
                    done(bytes.flatMap { bytes in Self.write(bytes, named: item.name, into: folder) })
                }
            } else {
                DispatchQueue.global().async {
                    done(
                        Result { () throws(SaveProblem) in try Self.read(picture.path) }
                            .flatMap {
                                Self.write($0, named: (picture.path as NSString).lastPathComponent, into: folder)
                            })
                }
            }
        }
    }

    /// The lines of the batches finished since the last call.
    public func takeMessages() -> [Message] {
        finished.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }

    /// A batch's count of pictures still to come and what became of those done.
    private struct Batch: Sendable {
        var remaining: Int
        var saved = 0
        var problems: [String] = []

        /// Takes one picture's result; the batch's line once the last is in.
        mutating func took(_ result: Result<String, SaveProblem>, of picture: SavedPicture, folder: String)
            -> Message?
        {
            switch result {
            case .success: saved += 1
            case .failure(let problem):
                problems.append(
                    "\((picture.details?.name ?? (picture.path as NSString).lastPathComponent)): \(problem)")
            }
            remaining -= 1
            guard remaining == 0 else { return nil }
            let place = PictureSaver.readable(folder)
            guard let first = problems.first else {
                return Message(text: "saved \(saved) to \(place)", failed: false)
            }
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            let done = saved > 0 ? "saved \(saved) to \(place); " : ""
            return Message(text: "\(done)could not save \(first)\(more)", failed: true)
        }
    }

    private static func read(_ path: String) throws(SaveProblem) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SaveProblem("it cannot be read")
        }
        return Array(data)
    }

    /// Writes `bytes` into `folder` (made if missing) under `name`, or the first free name after it;
    /// through a hidden file renamed into place, so nothing half-written is left under the name.
    static func write(_ bytes: [UInt8], named name: String, into folder: String) -> Result<String, SaveProblem> {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(SaveProblem("the folder \(readable(folder)) cannot be made"))
        }
        // A name from a server never climbs out of the folder.
        let safe = (name as NSString).lastPathComponent.replacingOccurrences(of: "\0", with: "")
        let base = safe.isEmpty || safe.hasPrefix(".") ? "picture" + safe : safe
        let temporary = "\(folder)/.cellscape-\(UUID().uuidString)"
        guard manager.createFile(atPath: temporary, contents: Data(bytes)) else {
            return .failure(SaveProblem("\(readable(folder)) cannot be written to"))
        }
        let stem = (base as NSString).deletingPathExtension
        let suffix = (base as NSString).pathExtension.isEmpty ? "" : "." + (base as NSString).pathExtension
        for number in 1...10_000 {
            let path = "\(folder)/" + (number == 1 ? base : "\(stem)-\(number)\(suffix)")
            // link(2) fails where the name is taken: never a file overwritten.
            if link(temporary, path) == 0 {
                unlink(temporary)
                return .success(path)
            }
            guard errno == EEXIST else { break }
        }
        unlink(temporary)
        return .failure(SaveProblem("no free name in \(readable(folder))"))
    }

    /// `folder` with the home folder as `~`.
    static func readable(_ folder: String) -> String {
        let home = NSHomeDirectory()
        return folder.hasPrefix(home + "/") ? "~" + folder.dropFirst(home.count) : folder
    }
}
