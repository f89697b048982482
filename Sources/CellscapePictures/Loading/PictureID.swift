/// A picture's identity for the session: given when it joins a ``PictureLoader``, in the order
/// pictures join, and kept whatever becomes of the order it shows in; never reused. Every store of a
/// picture's state is keyed by it, so a sort or a removal changes the order alone.
public struct PictureID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number of pictures that joined before this one.
    public let rawValue: Int

    /// The picture that joined after `rawValue` others.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (first: PictureID, second: PictureID) -> Bool { first.rawValue < second.rawValue }

    public var description: String { "#\(rawValue)" }
}
