import FoundationEssentials
import PageTurner
import Pagination
import ReaderState

/// Highlights: a selection marked in one of four colours (keys 1–4, or the menu over the
/// selection), with a note if the reader writes one (N, or the menu's Note), drawn behind the
/// text on every page that shows it, listed in the highlights panel (L), saved with the book's
/// state (merged with other sessions' as bookmarks are) and found again by their text in an
/// edited book.
extension ReaderSession {
    /// `list` as a session keeps it: within a text of `scalarCount` scalars, none empty,
    /// sorted by start (a state file edited by hand may be neither).
    static func kept(_ list: [Highlight], scalarCount: Int) -> [Highlight] {
        list.compactMap { h -> Highlight? in
            var h = h
            h.start = min(max(h.start, 0), scalarCount)
            h.end = min(max(h.end, 0), scalarCount)
            return h.end > h.start ? h : nil
        }.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// Marks the selection in `color` (with `note`); the selection is then cleared and the new
    /// highlight is the one a note goes on. Refused in a notice once the book has
    /// `BookState.maximumHighlights`.
    func highlightSelection(_ color: Highlight.Color, note: String = "") {
        guard let range = selection?.range, !range.isEmpty else {
            showNotice("Nothing is selected: hold a word to select it")
            return
        }
        let prefix = book.text.string(range.lowerBound..<min(range.upperBound, range.lowerBound + TextAnchor.length))
        guard let index = highlights.addHighlight(range, color: color, note: note, text: prefix, now: clock.date) else {
            showNotice("This book has \(BookState.maximumHighlights) highlights, the most one book keeps", for: 3000)
            return
        }
        currentHighlight = index
        clearSelection()
        changed()
    }

    /// Writes `note` on the current highlight (cut to `Highlight.longestNote` characters).
    func setNote(_ note: String) {
        guard let k = currentHighlight, highlights.indices.contains(k) else { return }
        highlights[k].note = String(note.prefix(Highlight.longestNote))
        changed()
    }

    /// Opens the note dialog on the current highlight; with a selection, highlights it first
    /// (yellow), so a note is never without its passage.
    func openNoteDialog() {
        if selection != nil { highlightSelection(.yellow) }
        guard let k = currentHighlight, highlights.indices.contains(k) else { return }
        open(HighlightNoteDialog(note: highlights[k].note, passage: highlights[k].text))
    }

    /// Opens the list of highlights.
    func openHighlightsPanel() {
        clearSelection()
        open(HighlightsPanel())
    }

    /// What the selection menu's `item` (or its key) does.
    func perform(_ item: SelectionMenu.Item) {
        switch item {
        case .copy: copySelection()
        case .highlight(let color): highlightSelection(color)
        case .note: openNoteDialog()
        }
    }

    /// The menu over the finished selection, when one is shown on a still page.
    public var selectionMenu: SelectionMenu? {
        guard let range = selection?.range, selection?.isActive == false, chrome.panel == nil, machine.isAtRest else { return nil }
        var top: Double?, bottom: Double?, xs: [Double] = []
        for (page, origin) in pagesShown {
            for r in layout.pageLayout(page).rects(covering: range) {
                top = min(top ?? Double(r.y), Double(r.y))
                bottom = max(bottom ?? Double(r.y + r.height), Double(r.y + r.height))
                xs.append(origin + Double(r.x + r.width / 2))
            }
        }
        guard let top, let bottom, let x = xs.first else { return nil }
        return SelectionMenu(x: x, top: top, bottom: bottom, size: pageSize)
    }

    /// Removes highlight `index`.
    func removeHighlight(at index: Int) {
        guard highlights.indices.contains(index) else { return }
        highlights.remove(at: index)
        if let k = currentHighlight { currentHighlight = k == index ? nil : (k > index ? k - 1 : k) }
        changed()
    }

    /// Takes another session's highlights, merged in by `SessionPersistence` (already saved).
    func adoptHighlights(_ list: [Highlight]) {
        highlights = Self.kept(list, scalarCount: book.text.scalarCount)
        currentHighlight = nil
        needsRedraw = true
    }

    /// The highlights on the pages shown, as marks in the theme's colours (binary search to
    /// the first that starts past them: a book of many highlights costs its few on the page).
    var highlightMarks: [TextMark] {
        guard !highlights.isEmpty else { return [] }
        let shown = pagesShown.map { layout.range(ofPage: $0.page) }
        guard let lower = shown.map(\.lowerBound).min(), let upper = shown.map(\.upperBound).max() else { return [] }
        var low = 0, high = highlights.count
        while low < high {
            let mid = (low + high) / 2
            if highlights[mid].start < upper { low = mid + 1 } else { high = mid }
        }
        let theme = preferences.theme
        return highlights[..<low].filter { $0.end > lower }.map { TextMark(range: $0.range, color: theme.highlight($0.color)) }
    }
}

extension Theme {
    /// A highlight's colour on this theme's paper: light tints on paper and sepia, deep ones
    /// at night, each light enough for the ink over it.
    public func highlight(_ color: Highlight.Color) -> RGB {
        let tint: RGB
        switch color {
        case .yellow: tint = RGB(255, 226, 102)
        case .green: tint = RGB(150, 220, 140)
        case .blue: tint = RGB(140, 190, 245)
        case .pink: tint = RGB(245, 160, 190)
        }
        return tint.mixed(with: background, self == .night ? 0.62 : 0.35)
    }
}
