import PageTurner
import Pagination
import Reader

extension FindPanel: DrawablePanel {
    /// The field, a line saying how many matches there are, then each match in its context
    /// (the match itself in the accent) with its page.
    func draw(_ chrome: Chrome, context: PanelContext) {
        let g = ListGeometry(size: chrome.size, header: Self.header)
        let field = Self.field(chrome.size)
        chrome.panel(g.box, title: "Find")
        chrome.fill(field, chrome.theme.background)
        chrome.outline(field, selected < 0 ? chrome.theme.accent : chrome.theme.quietInk)
        var shown = text
        while chrome.width(shown) > field.width - 24 && !shown.isEmpty { shown.removeFirst(max(1, shown.count / 8)) }
        let end = chrome.text(shown, x: field.minX + 10, midY: field.minY + field.height / 2)
        if selected < 0 { chrome.fill(Rect(x: end + 2, y: field.minY + 9, width: 2, height: field.height - 18), chrome.theme.accent) }
        guard let found = context.found else {
            chrome.text("Type what to find: case and accents are set aside.", x: g.box.minX + 16, midY: g.listTop + 16,
                        color: chrome.theme.quietInk)
            return
        }
        let matches = found.matches
        if matches.isEmpty {
            let why = found.refusal == nil ? "Not found." : "Type what to find: case and accents are set aside."
            chrome.text(why, x: g.box.minX + 16, midY: g.listTop + 16, color: chrome.theme.quietInk)
            return
        }
        let count = "\(matches.count)\(matches.count >= BookSearch.mostMatches ? "+" : "") \(matches.count == 1 ? "match" : "matches")"
        chrome.rightText(count, right: g.box.maxX - 16, midY: g.box.minY + 24, color: chrome.theme.quietInk)
        let first = firstShown(context)
        for k in 0..<g.visibleRows {
            let i = first + k
            guard i < matches.count else { break }
            let r = g.row(k)
            if i == selected { chrome.fill(r, chrome.theme.control) }
            let page = "p. \(context.pageOf(matches[i].lowerBound) + 1)"
            let room = r.width - chrome.width(page) - 32
            let c = context.contextOf(matches[i])
            // The match centred in its row where it can be: the words before it cut at their start.
            var before = c.before
            while chrome.width(before) > room * 0.4 && !before.isEmpty { before.removeFirst(max(1, before.count / 10)) }
            let mid = r.minY + r.height / 2
            var x = chrome.text(before, x: r.minX + 8, midY: mid, color: chrome.theme.quietInk)
            x = chrome.text(chrome.fitted(c.match, room * 0.5), x: x, midY: mid, color: chrome.theme.accent)
            chrome.text(chrome.fitted(c.after, max(0, r.minX + 8 + room - x)), x: x, midY: mid, color: chrome.theme.quietInk)
            chrome.rightText(page, right: r.maxX - 8, midY: mid, color: chrome.theme.quietInk)
        }
    }
}
