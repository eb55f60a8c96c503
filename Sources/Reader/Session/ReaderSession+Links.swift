import PageTurner
import Pagination

/// Links in a structured book (an EPUB's `<a href>`): a tap on one follows it within the book
/// with no curl (a jump, as the contents do) and offers the way back (the toolbar's "Back to
/// N", and Backspace); a link out of the book is shown, never opened or fetched by the reader.
/// A drag that starts on a link still turns the page: only a tap (down and up within the
/// touch slop) is the link's.
extension ReaderSession {
    /// The link under `p` on the page shown, if any (single pages; a spread's leaves are not
    /// looked into).
    func link(at p: Point) -> DocumentStructure.Link? {
        guard let structure = book.structure, !structure.links.isEmpty, !machine.isSpread else { return nil }
        let page = layout.pageLayout(machine.page)
        let em = Double(page.fontSize)
        for line in page.lines {
            let baseline = Double(line.baseline)
            guard p.y >= baseline - em, p.y <= baseline + em * 0.35 else { continue }
            // The glyph whose box holds p.x: the rightmost one starting at or before it, within an em.
            var hit: PositionedGlyph?
            for glyph in line.glyphs where Double(glyph.x) <= p.x && Double(glyph.x) > p.x - em {
                if hit.map({ glyph.x >= $0.x }) ?? true { hit = glyph }
            }
            guard let glyph = hit else { continue }
            let byte = book.text.byteOffset(ofScalar: Int(glyph.cluster))
            return structure.links.first { $0.range.contains(byte) }
        }
        return nil
    }

    /// Follows `link`: a place in the book is jumped to, the page left offered as "Back to
    /// N"; a link out of the book is named in a notice.
    func follow(_ link: DocumentStructure.Link) {
        guard let target = book.linkTargets[link.href] else {
            showNotice(link.href.contains(":") ? "Link out of the book: \(link.href) (not opened)"
                       : "This link leads nowhere in the book", for: 3000)
            return
        }
        let from = machine.page
        jump(toPage: layout.pageForJump(to: target))
        if machine.page != from { chrome.returnPage = from }
    }

    /// Backspace: back to where a link (or a scrub) was followed from, if offered.
    func goBack() {
        guard let back = chrome.returnPage else { return }
        chrome.returnPage = nil
        jump(toPage: layout.pageForJump(toPage: back))
    }
}
