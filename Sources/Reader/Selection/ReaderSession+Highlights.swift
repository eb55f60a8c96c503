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

    /// The index of the current highlight (`currentPassage`), if it is still there.
    var currentHighlight: Int? {
        get { currentPassage.flatMap { p in highlights.firstIndex { $0.range == p } } }
        set { currentPassage = newValue.flatMap { highlights.indices.contains($0) ? highlights[$0].range : nil } }
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
    /// (yellow, unless it is a highlight already), so a note is never without its passage.
    func openNoteDialog() {
        if let passage = selectedHighlight {
            currentPassage = passage
            clearSelection()
        } else if selection != nil {
            highlightSelection(.yellow)
        }
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
        case .remove:
            guard let passage = selectedHighlight, let k = highlights.firstIndex(where: { $0.range == passage }) else { return }
            removeHighlight(at: k)
            clearSelection()
        }
    }

    /// The highlight under window point `p` (on the glyph there, as a link is found), if any:
    /// of several, the one that starts last.
    func highlight(at p: Point) -> Range<Int>? {
        guard !highlights.isEmpty, let (page, q) = pageAndPoint(at: p) else { return nil }
        let placed = layout.pageLayout(page)
        guard let offset = placed.lines.cluster(at: q, fontSize: Double(placed.fontSize)) else { return nil }
        let after = highlights.partitioningIndex { $0.start > offset }
        return highlights[..<after].last { $0.end > offset }?.range
    }

    /// Selects highlight `passage` (a tap on it): its menu offers a new colour, its note and
    /// removing it.
    func selectHighlight(_ passage: Range<Int>) {
        var s = TextSelection(anchor: passage)
        s.isActive = false
        selection = s
        currentPassage = passage
        needsRedraw = true
    }

    /// The passage of the highlight that is exactly the selection, if it is one.
    var selectedHighlight: Range<Int>? {
        guard let range = selection?.range, selection?.isActive == false, highlights.contains(where: { $0.range == range }) else {
            return nil
        }
        return range
    }

    /// The menu over the finished selection, when one is shown on a still page: above its
    /// first piece (below its last when there is no room above).
    public var selectionMenu: SelectionMenu? {
        guard let range = selection?.range, selection?.isActive == false, chrome.panel == nil, machine.isAtRest else { return nil }
        var first: (x: Double, top: Double)?, bottom: Double?
        for (page, origin) in pagesShown {
            let rects = layout.pageLayout(page).rects(covering: range)
            if first == nil, let r = rects.first { first = (origin + Double(r.x + r.width / 2), Double(r.y)) }
            if let r = rects.last { bottom = Double(r.y + r.height) }
        }
        guard let first, let bottom else { return nil }
        return SelectionMenu(x: first.x, top: first.top, bottom: bottom, size: pageSize, removable: selectedHighlight != nil)
    }

    /// Removes highlight `index`.
    func removeHighlight(at index: Int) {
        guard highlights.indices.contains(index) else { return }
        if highlights[index].range == currentPassage { currentPassage = nil }
        highlights.remove(at: index)
        changed()
    }

    /// Takes another session's highlights, merged in by `SessionPersistence` (already saved).
    func adoptHighlights(_ list: [Highlight]) {
        highlights = Self.kept(list, scalarCount: book.text.scalarCount)
        needsRedraw = true
    }

    /// The highlights on the pages the view may compose now (`markedRange`), as marks in the
    /// theme's colours. Highlights are sorted by start: a binary search finds the first that
    /// starts past the range, and those before it are checked for their end.
    var highlightMarks: [TextMark] {
        guard !highlights.isEmpty, let marked = markedRange else { return [] }
        let after = highlights.partitioningIndex { $0.start >= marked.upperBound }
        let theme = preferences.theme
        return highlights[..<after].filter { $0.end > marked.lowerBound }.map { TextMark(range: $0.range, color: theme.highlight($0.color)) }
    }

    /// The text of the pages the view may draw before the next scene: those shown, the two
    /// pages (spreads) either side that it prepares while idle, and a turn's incoming page.
    var markedRange: Range<Int>? {
        let step = machine.isSpread ? 2 : 1
        var pages = Array(stride(from: page - 2 * step, through: page + 2 * step + step - 1, by: 1))
        if case .page(let to)? = machine.turn?.goal { pages += [to, to + 1] }
        let ranges = pages.filter { $0 >= 0 && $0 < layout.pageCount }.map { layout.range(ofPage: $0) }.filter { !$0.isEmpty }
        guard let lower = ranges.map(\.lowerBound).min(), let upper = ranges.map(\.upperBound).max() else { return nil }
        return lower..<upper
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
