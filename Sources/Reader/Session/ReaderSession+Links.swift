import PageTurner
import Pagination

/// Links in a structured book (an EPUB's `<a href>`): a tap on one follows it within the book
/// with no curl (a jump, as the contents do) and offers the way back (the toolbar's "Back to
/// N", and Backspace); a link out of the book is opened by the desktop once the reader says
/// so, never fetched by the reader.
/// A drag that starts on a link still turns the page: only a tap (down and up within the
/// touch slop) is the link's.
extension ReaderSession {
    /// The link under `p` (window coordinates) on the page shown, or on either page of the
    /// spread shown, if any.
    func link(at p: Point) -> DocumentStructure.Link? {
        guard let structure = book.structure, !structure.links.isEmpty, let (page, q) = pageAndPoint(at: p) else { return nil }
        return link(at: q, onPage: page, in: structure)
    }

    /// The link under `p` (the page's own coordinates) on page `page`.
    private func link(at p: Point, onPage page: Int, in structure: DocumentStructure) -> DocumentStructure.Link? {
        let placed = layout.pageLayout(page)
        guard let cluster = placed.lines.cluster(at: p, fontSize: Double(placed.fontSize)) else { return nil }
        let byte = book.text.byteOffset(ofScalar: cluster)
        return structure.links.first { $0.range.contains(byte) }
    }

    /// Follows `link`: a note is shown over the page (`showNote`); another place in the book
    /// is jumped to, the page left offered as "Back to N"; a link out of the book is offered
    /// to the desktop's browser or mail client (`offerToOpen`), or named in a notice when no
    /// browser takes its scheme.
    func follow(_ link: DocumentStructure.Link) { follow(href: link.href) }

    /// Follows a link to `href` (see `follow(_:)`).
    func follow(href: String) {
        if showNote(for: href) { return }
        guard let target = book.linkTargets[href] else {
            if Self.opensOutside(href) {
                offerToOpen(href)
            } else {
                showNotice(href.contains(":") ? "Link out of the book: \(Self.shown(href)) (not opened)"
                           : "This link leads nowhere in the book", for: 3000)
            }
            return
        }
        let from = machine.page
        jump(toPage: layout.pageForJump(to: target))
        if machine.page != from { chrome.returnPage = from }
    }

    /// How long the question about a link out of the book stays up, ms.
    static let linkQuestionTime: Double = 6000

    /// A link out of the book: asked about once (a notice names it; the same link tapped
    /// again, or Enter, while the notice shows, opens it), then opened at once every time
    /// after. The window takes what is to be opened (`takeLinksToOpen`); the reader itself
    /// never fetches anything.
    func offerToOpen(_ href: String) {
        var links = chrome.externalLinks
        if links.allowed.contains(href) || (links.asked == href && isNoticeShown) {
            links.asked = nil
            links.allowed.insert(href)
            links.toOpen.append(href)
            showNotice("Opening \(Self.shown(href))…", for: 2000)
        } else {
            links.asked = href
            showNotice("Open \(Self.shown(href)) outside the reader? Tap it again or press Enter", for: Self.linkQuestionTime)
        }
        chrome.externalLinks = links
    }

    /// Enter while the reader is asked about a link: opens it. False when nothing was asked.
    func confirmAskedLink() -> Bool {
        guard let asked = chrome.externalLinks.asked, isNoticeShown else { return false }
        offerToOpen(asked)
        return true
    }

    /// Esc while the reader is asked about a link: the question goes. False when nothing was asked.
    func dismissAskedLink() -> Bool {
        guard chrome.externalLinks.asked != nil, isNoticeShown else { return false }
        chrome.externalLinks.asked = nil
        chrome.notice = nil
        needsRedraw = true
        return true
    }

    /// The links the reader said to open, oldest first, each given once: the window hands
    /// them to the desktop (`xdg-open`).
    public func takeLinksToOpen() -> [String] {
        defer { chrome.externalLinks.toOpen = [] }
        return chrome.externalLinks.toOpen
    }

    /// Whether a notice is over the page now.
    private var isNoticeShown: Bool { (chrome.notice?.until ?? -1) > now }

    /// Whether `href` is a link a browser or a mail client takes (`http:`, `https:` with a
    /// host and no user name, whose host is what the notice shows; `mailto:` with no fields,
    /// which some clients would read as files to attach), written in the characters RFC 3986
    /// allows less those a shell would read (`$`, `'`): anything else (`javascript:`, `file:`,
    /// `data:`, a control character, a quote) is never handed out of the reader.
    public static func opensOutside(_ href: String) -> Bool {
        let lower = href.lowercased()
        let allowed = href.utf8.allSatisfy { c in
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || Array("-._~:/?#[]@!&()*+,;=%".utf8).contains(c)
        }
        guard allowed else { return false }
        if lower.hasPrefix("mailto:") { return lower.count > 7 && !lower.contains("?") }
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let authority = lower.dropFirst(scheme.count).prefix { !"/?#".contains($0) }
            return !authority.isEmpty && !authority.contains("@")
        }
        return false
    }

    /// A link as a notice shows it: at most 60 characters.
    static func shown(_ href: String) -> String {
        href.count <= 60 ? href : String(href.prefix(59)) + "…"
    }

    /// Backspace: back to where a link (or a scrub) was followed from, if offered.
    func goBack() {
        guard let back = chrome.returnPage else { return }
        chrome.returnPage = nil
        jump(toPage: layout.pageForJump(toPage: back))
    }
}
