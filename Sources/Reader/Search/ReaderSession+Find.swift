import PageTurner
import Pagination

/// Finding text in the book (see `FindPanel`): the matches are kept by scalar offsets, marked
/// on the pages shown (the one gone to more strongly), and F3 or Enter steps through them from
/// wherever the reader is.
extension ReaderSession {
    /// Opens the find panel on the last search's text.
    func openFind() {
        clearSelection()
        open(FindPanel(text: found?.query ?? "", selected: found?.current ?? -1))
    }

    /// Searches the whole book for `text` (each character typed in the find panel).
    func search(_ text: String, cut: Bool) {
        do {
            found = FoundText(query: text, matches: try bookSearch.matches(of: text))
        } catch {
            found = FoundText(query: text, matches: [], refusal: error)
        }
        if cut { showNotice("A search is at most \(BookSearch.longestQuery) characters: the rest was left out", for: 3000) }
        needsRedraw = true
    }

    /// Goes to the next match after the one shown, or, with none shown yet, the first on or
    /// after the page shown (backwards: the previous, or the last before it), wrapping round
    /// the book's end. Says so when nothing matches.
    func findNext(backwards: Bool) {
        chrome.panel = nil
        guard var f = found, !f.matches.isEmpty else {
            if let query = found?.query, found?.refusal == nil { showNotice("Not found: \(Self.quoted(query))") }
            return
        }
        let n = f.matches.count
        let k: Int
        // From the match gone to while it is on the pages shown; from the page otherwise (the
        // reader may have read on since).
        let shown = pagesShown.map { layout.range(ofPage: $0.page) }
        if let current = f.current, shown.contains(where: { $0.contains(f.matches[current].lowerBound) }) {
            k = ((backwards ? current - 1 : current + 1) % n + n) % n
        } else {
            let here = shown.map(\.lowerBound).min() ?? layout.range(ofPage: page).lowerBound
            let after = f.matches.partitioningIndex { $0.lowerBound >= here }
            k = backwards ? (after - 1 + n) % n : after % n
        }
        f.current = k
        found = f
        show(match: k)
    }

    /// Goes to match `k` of the search.
    func show(match k: Int) {
        chrome.panel = nil
        guard var f = found, f.matches.indices.contains(k) else { return }
        f.current = k
        found = f
        let target = layout.page(containing: f.matches[k].lowerBound)
        if !machine.isSpread || target / 2 != page / 2 || target < page { jump(toPage: layout.pageForJump(to: f.matches[k].lowerBound)) }
        showNotice("\(k + 1) of \(f.matches.count)\(f.matches.count >= BookSearch.mostMatches ? "+" : "")")
    }

    /// Whether a search with matches is on: Enter and F3 then step through them, Esc ends it.
    var isSearching: Bool { found?.matches.isEmpty == false }

    /// Ends the search: its marks go.
    func endFind() {
        found = nil
        needsRedraw = true
    }

    /// The matches on the pages the view may compose (`markedRange`), as marks: the one gone
    /// to stronger, the others fainter.
    var matchMarks: [TextMark] {
        guard let f = found, !f.matches.isEmpty, let marked = markedRange else { return [] }
        let lower = marked.lowerBound, upper = marked.upperBound
        let theme = preferences.theme
        var marks: [TextMark] = []
        var k = max(f.matches.partitioningIndex { $0.lowerBound >= lower } - 1, 0)
        while k < f.matches.count, f.matches[k].lowerBound < upper {
            if f.matches[k].upperBound > lower {
                marks.append(TextMark(range: f.matches[k], color: k == f.current ? theme.currentMatch : theme.match))
            }
            k += 1
        }
        return marks
    }

    /// A query as a notice quotes it: at most 40 characters.
    static func quoted(_ text: String) -> String {
        "“" + (text.count <= 40 ? text : String(text.prefix(39)) + "…") + "”"
    }
}

extension Theme {
    /// Behind a match of a search.
    public var match: RGB { RGB(255, 200, 80).mixed(with: background, self == .night ? 0.7 : 0.6) }
    /// Behind the match gone to.
    public var currentMatch: RGB { RGB(255, 150, 40).mixed(with: background, self == .night ? 0.45 : 0.3) }
}
