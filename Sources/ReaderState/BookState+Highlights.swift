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
    /// `BookState.addHighlight` on a list of highlights sorted by start, then end (found by a
    /// binary search: adding to a book of many highlights costs the insertion alone).
    @discardableResult
    public mutating func addHighlight(_ range: Range<Int>, color: Highlight.Color, note: String = "", text: String,
                                      now: Date = Date()) -> Int? {
        let range = Swift.max(0, range.lowerBound)..<Swift.max(0, range.upperBound)
        let note = String(note.prefix(Highlight.longestNote))
        // The first at or after `range` in (start, end) order: the same passage, or where it goes.
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if (self[mid].start, self[mid].end) < (range.lowerBound, range.upperBound) { low = mid + 1 } else { high = mid }
        }
        if low < count, self[low].range == range {
            self[low].color = color
            if !note.isEmpty { self[low].note = note }
            return low
        }
        guard count < BookState.maximumHighlights, !range.isEmpty else { return nil }
        let index = low
        insert(Highlight(start: range.lowerBound, end: range.upperBound, color: color, note: note, created: now,
                         text: String(text.prefix(TextAnchor.length))), at: index)
        return index
    }
}
