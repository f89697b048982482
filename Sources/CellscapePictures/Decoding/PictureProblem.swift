/// Why a picture cannot be shown, or shows only part of what its file should hold: one value from the
/// file and the decoder to the window and standard error, said in one place (``description``) in a
/// user's words. The codecs' own messages are put in those words where the C side makes them.
public enum PictureProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be read, for the system's reason ("Permission denied").
    case unreadable(String)
    /// Not a regular file: a FIFO or a device named like a picture would never end.
    case notARegularFile
    /// Larger than a picture's file may be, in bytes.
    case tooLarge(limit: Int)
    /// An empty file.
    case empty
    /// No format's signature.
    case notAPicture
    /// No format's signature, and what its first bytes show it holds instead ("not a picture: it
    /// holds text", "a BMP picture: Cellscape reads ...").
    case holds(String)
    /// A format whose library is not installed: the package that decodes it.
    case needsLibrary(format: String, package: String)
    /// A file of `format` cut short or damaged before its size.
    case cutBeforeSize(format: String)
    /// The decoder's reason ("damaged or cut short GIF", "40x1048608 pixels, more than allowed").
    case undecodable(String)
    /// A picture (or an animation) without a frame.
    case withoutFrames(animation: Bool)
    /// The region asked for lies outside the picture.
    case regionOutside
    /// The file holds only part of its picture: what it has shows.
    case endsEarly
    /// The reason the shared cache's failure entry keeps for this version of the file (empty when it
    /// keeps none): another run failed on it, and it has not changed since.
    case recorded(String)
    /// The bytes could not be had for now (a download that failed on a bad day's network): worth
    /// asking again, and the picture is not broken.
    case unavailable(String)
    /// Never asked: its address leads where a server's addresses may not (a file, this computer),
    /// said as the policy says it.
    case refused(String)
    /// Its decoding was stopped part way: no longer wanted (its tile left the view). Nothing is wrong
    /// with it, and it is decoded again when wanted again.
    case stopped

    /// Whether asking again later may give the picture (``unavailable(_:)``).
    public var isTransient: Bool {
        switch self {
        case .unavailable, .stopped: true
        default: false
        }
    }

    /// The problem as the picture's tile says it, under the file's name.
    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot read: \(reason)"
        case .notARegularFile: "cannot read: not a regular file"
        case .tooLarge(let limit): "cannot read: larger than \(limit) bytes"
        case .empty: "empty file"
        case .notAPicture: "not a picture"
        case .holds(let what): what
        case .needsLibrary(let format, let package):
            "a \(format) picture: needs \(package) (apt-get install \(package))"
        case .cutBeforeSize(let format): "a \(format) cut short or damaged before its size"
        case .undecodable(let reason), .refused(let reason): reason
        case .withoutFrames(let animation): animation ? "an animation without frames" : "a picture without frames"
        case .regionOutside: "the region is outside the picture"
        case .endsEarly: "ends early"
        case .recorded(let reason): reason.isEmpty ? "failed before, and unchanged since (its failure entry)" : reason
        case .unavailable(let reason): "cannot download: \(reason)"
        case .stopped: "stopped: no longer shown"
        }
    }

    /// The problem as standard error says it, naming the file at `path`.
    public func message(path: String) -> String {
        switch self {
        case .unreadable, .notARegularFile, .tooLarge:
            "cannot read \(path): " + description.dropFirst("cannot read: ".count)
        default: "\(path): \(description)"
        }
    }
}
