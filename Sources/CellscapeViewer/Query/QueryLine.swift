import Foundation

/// An edit of the query line, as the X layer translates a key while the line is open.
public enum QueryEdit: String, Hashable, Sendable, Codable, CaseIterable {
    /// Backspace: the character before the caret.
    case deleteBackward
    /// Ctrl+W: the word before the caret, and the spaces after it.
    case deleteWord
    /// Ctrl+U: everything before the caret.
    case deleteToStart
    /// Left and Right: the caret a character back or on.
    case left, right
    /// Home and End: the caret at the start or the end.
    case start, end
    /// Up and Down: the suggestion above or below (none chosen: the text as typed).
    case suggestionUp, suggestionDown
    /// Tab: GIPHY's GIFs or its stickers for words.
    case switchKind
    /// Enter: opens what the line says (the suggestion chosen, else the text).
    case submit
    /// Escape: leaves the line, the view as it was.
    case cancel
}

/// What GIPHY searches for words: GIFs or stickers.
public enum SearchKind: String, Hashable, Sendable, Codable {
    case gifs, stickers
}

/// The query line's text, caret and chosen suggestion: a text field in the bar, as a browser's address
/// line (`/` or Ctrl+L opens it). The caret counts characters as the user sees them (grapheme clusters).
public struct QueryLine: Hashable, Sendable {
    /// The text typed.
    public private(set) var text: String
    /// The caret, in characters from the start.
    public private(set) var caret: Int
    /// GIFs or stickers, for words searched on GIPHY.
    public private(set) var kind: SearchKind
    /// The suggestions shown under the line, best first (at most ``suggestionLimit``).
    public var suggestions: [String] = [] {
        didSet { if let chosen, chosen >= suggestions.count { self.chosen = nil } }
    }
    /// The suggestion Up and Down chose, if any.
    public private(set) var chosen: Int?

    /// How many suggestions show at most.
    public static let suggestionLimit = 8

    /// A line holding `text`, the caret at its end.
    public init(text: String = "", kind: SearchKind = .gifs) {
        self.text = text
        caret = text.count
        self.kind = kind
    }

    /// What Enter opens: the suggestion chosen, else the text, without the spaces around it.
    public var query: String {
        (chosen.map { suggestions[$0] } ?? text).trimmingCharacters(in: .whitespaces)
    }

    /// Types `typed` at the caret; control characters (a paste's newlines among them) become spaces.
    public mutating func insert(_ typed: String) {
        let cleaned = String(
            typed.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        guard !cleaned.isEmpty else { return }
        var characters = Array(text)
        characters.insert(contentsOf: cleaned, at: caret)
        text = String(characters)
        caret += cleaned.count
        // The count of a joined string can be less than the sum (a combining mark joins its letter).
        caret = min(caret, text.count)
        chosen = nil
    }

    /// Applies one edit; returns false for Enter and Escape, which the model carries out.
    @discardableResult
    public mutating func apply(_ edit: QueryEdit) -> Bool {
        var characters = Array(text)
        switch edit {
        case .deleteBackward where caret > 0:
            characters.remove(at: caret - 1)
            caret -= 1
        case .deleteWord:
            var start = caret
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<caret)
            caret = start
        case .deleteToStart:
            characters.removeSubrange(0..<caret)
            caret = 0
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(characters.count, caret + 1)
        case .start: caret = 0
        case .end: caret = characters.count
        case .suggestionDown where !suggestions.isEmpty:
            chosen = chosen.map { $0 + 1 < suggestions.count ? $0 + 1 : nil } ?? 0
            return true
        case .suggestionUp where !suggestions.isEmpty:
            chosen = chosen.map { $0 > 0 ? $0 - 1 : nil } ?? suggestions.count - 1
            return true
        case .switchKind:
            kind = kind == .gifs ? .stickers : .gifs
            return true
        case .submit, .cancel: return false
        default: return true
        }
        let changed = String(characters) != text
        text = String(characters)
        if changed { chosen = nil }
        return true
    }

    /// The text before the caret (where the caret is drawn).
    public var beforeCaret: String { String(Array(text).prefix(caret)) }
}
