import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// What the feed knows of each picture, one record a picture by id (``Entry``): where it comes from
/// (its path), its header once read, why it cannot be shown or what it lacks, its key in name order,
/// what its source says of it. Beside the records, two tables kept for speed: the sizes the grid lays
/// out (``ArrivedSizes``, read for every tile in order) and the pictures unavailable for now (a few,
/// looked over whenever the view changes). Read on the main thread only; a picture that leaves takes
/// all of it (``forget(_:)``).
struct PictureCatalog {
    /// What is known of one picture.
    struct Entry: Equatable, Sendable {
        /// Its path, read from the loader once when it joined: the main thread's own name for it.
        var path: String
        /// Its header once read (none: not yet, or broken).
        var header: PictureHeader?
        /// Its key in name order, once a join compared it.
        var nameKey: [UInt8]?
        /// Whether it plays from other bytes than its tile's still when opened (a remote video).
        var movesWhenOpened = false
        /// What few pictures have, in a box of its own: a million pictures do not each carry room
        /// for a problem, a note, a feed's details and a placeholder.
        private var rare: Rare?

        init(path: String) { self.path = path }

        /// Why it cannot be shown, without its path ("not a picture"): set, it is broken.
        var problem: PictureProblem? {
            get { rare?.problem }
            set { changeRare { $0.problem = newValue } }
        }
        /// What is missing of it when it shows only part of what its file should hold ("ends early").
        var note: PictureProblem? {
            get { rare?.note }
            set { changeRare { $0.note = newValue } }
        }
        /// What its source says of it beyond its bytes (a feed's item's page, alt text, length).
        var details: PictureDetails? {
            get { rare?.details }
            set { changeRare { $0.details = newValue } }
        }
        /// What its tile shows until its pixels come, where its source gave it.
        var placeholder: PixelImage? {
            get { rare?.placeholder }
            set { changeRare { $0.placeholder = newValue } }
        }
        /// Whether it cannot be shown.
        var isBroken: Bool { rare?.problem != nil }
        /// Whether its header says it is a video.
        var isVideo: Bool { header?.format == .video }

        /// Changes the rare fields: a box of its own each time (a record copied keeps its own), none
        /// once they are all empty.
        private mutating func changeRare(_ change: (inout Rare.Fields) -> Void) {
            var fields = rare?.fields ?? Rare.Fields()
            change(&fields)
            rare = fields.isEmpty ? nil : Rare(fields)
        }

        /// The rare fields' box: the same box is the same fields (a change makes another).
        final class Rare: Equatable, Sendable {
            static func == (first: Rare, second: Rare) -> Bool { first === second }

            struct Fields: Sendable {
                var problem: PictureProblem?
                var note: PictureProblem?
                var details: PictureDetails?
                var placeholder: PixelImage?
                var isEmpty: Bool { problem == nil && note == nil && details == nil && placeholder == nil }
            }
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
            var problem: PictureProblem? { fields.problem }
            var note: PictureProblem? { fields.note }
            var details: PictureDetails? { fields.details }
            var placeholder: PixelImage? { fields.placeholder }
        }
    }

    /// Each picture's record, by id, from when it joins until it leaves: a table, not a dictionary
    /// (a million records in a dictionary take twice their room, in buckets of a power of two).
    private(set) var entries = PictureTable<Entry?>(empty: nil)
    /// The pictures whose header arrived (read, broken, or being read again), with the size each
    /// shows at (1x1 when broken): what the grid lays out.
    var sizes = ArrivedSizes()
    /// Pictures whose bytes could not be had for now (a download that failed on a bad day): their
    /// tiles keep their placeholders, and they are asked again once they left the view and came back.
    var unavailable = Set<PictureID>()
    /// Counts the pictures that became broken or mended.
    private(set) var brokenChanges = 0
    /// Counts the pictures whose headers said they are videos, or that left saying so.
    private(set) var videoChanges = 0

    /// Picture `id`'s record, if it is in the catalog; a change to a picture not in it is let go.
    subscript(id: PictureID) -> Entry? {
        get { entries[id] }
        set {
            guard entries[id] != nil, let newValue else { return }
            if newValue.isBroken != entries[id]?.isBroken { brokenChanges += 1 }
            if newValue.isVideo != entries[id]?.isVideo { videoChanges += 1 }
            entries[id] = newValue
        }
    }

    /// Enters picture `id`, which joined, read from `path`.
    mutating func enter(_ id: PictureID, path: String) { entries[id] = Entry(path: path) }

    /// Picture `id`'s header, once read.
    func header(_ id: PictureID) -> PictureHeader? { entries[id]?.header }

    /// Whether picture `id` cannot be shown.
    func isBroken(_ id: PictureID) -> Bool { entries[id]?.isBroken ?? false }

    /// Marks picture `id` broken for `problem`; returns false when it was already, or is not in the catalog.
    mutating func markBroken(_ id: PictureID, _ problem: PictureProblem) -> Bool {
        guard let entry = entries[id], !entry.isBroken else { return false }
        self[id]?.problem = problem
        return true
    }

    /// Whether picture `id` is passed over when thumbnails are asked for: broken, or unavailable
    /// for now (until it leaves the view).
    func isPassedOver(_ id: PictureID) -> Bool { isBroken(id) || unavailable.contains(id) }

    /// The first picture whose source said `details` of it.
    func id(describedBy details: PictureDetails) -> PictureID? {
        ids.first { entries[$0]?.details == details }
    }

    /// The pictures in the catalog, by id.
    var ids: [PictureID] { entries.ids.map(PictureID.init) }

    /// Forgets everything known of the pictures `ids`.
    mutating func forget(_ ids: Set<PictureID>) {
        for id in ids {
            let removed = entries[id]
            entries[id] = nil
            if removed?.isBroken == true { brokenChanges += 1 }
            if removed?.isVideo == true { videoChanges += 1 }
            sizes[id] = nil
            unavailable.remove(id)
        }
    }
}
