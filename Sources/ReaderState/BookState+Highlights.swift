import FoundationEssentials

extension BookState {
    /// The most highlights one book keeps: far more than any reader makes, few enough that
    /// its state file stays a few megabytes.
    public static let maximumHighlights = 100_000

    /// Adds a highlight of `range` in `color` (with `note`, cut to `Highlight.longestNote`
    /// characters), keeping the list sorted by start, and returns its index; nil when the
    /// book already has `maximumHighlights`. A highlight of exactly that range already there
    /// takes the colour (and the note, when one is given) rather than being doubled.
    @discardableResult
    public mutating func addHighlight(_ range: Range<Int>, color: Highlight.Color, note: String = "", text: String,
                                      now: Date = Date()) -> Int? {
        highlights.addHighlight(range, color: color, note: note, text: text, now: now)
    }
}

extension [Highlight] {
    /// `BookState.addHighlight` on a list of highlights sorted by start.
    @discardableResult
    public mutating func addHighlight(_ range: Range<Int>, color: Highlight.Color, note: String = "", text: String,
                                      now: Date = Date()) -> Int? {
        let range = Swift.max(0, range.lowerBound)..<Swift.max(0, range.upperBound)
        let note = String(note.prefix(Highlight.longestNote))
        if let existing = firstIndex(where: { $0.range == range }) {
            self[existing].color = color
            if !note.isEmpty { self[existing].note = note }
            return existing
        }
        guard count < BookState.maximumHighlights, !range.isEmpty else { return nil }
        let index = firstIndex(where: { ($0.start, $0.end) > (range.lowerBound, range.upperBound) }) ?? endIndex
        insert(Highlight(start: range.lowerBound, end: range.upperBound, color: color, note: note, created: now,
                         text: String(text.prefix(TextAnchor.length))), at: index)
        return index
    }
}
