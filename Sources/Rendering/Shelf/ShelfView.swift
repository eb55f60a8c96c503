import CSDL2
import Fonts
import FoundationEssentials
import Library
import PageTurner
import Pagination
import Reader

/// Draws the shelf: what a `ShelfScene` describes, on a canvas. The heading bar with the
/// filter field and the count; each book in view as its cover (its own picture, or a cover
/// set from its title and author in the book face, in its script and direction) with its
/// title, author and progress below; the selection ring; a notice; the scroll bar. It decides
/// nothing: which books, where, and which is selected all come in the scene.
public final class ShelfView {
    let fonts: ReaderFonts
    let covers: CoverPictures

    /// A view drawing its text in `fonts` (the book faces), reading each EPUB's cover through
    /// `files` (nil for a book whose files cannot be had), keeping the covers it decodes in
    /// `covers` under the cache folder `cache` (`$XDG_CACHE_HOME/pageturn` when nil; with
    /// `keepsCovers` false, none are kept).
    public init(fonts: FontSet, cache: URL? = nil, keepsCovers: Bool = true, files: @escaping (ShelfBook) -> (any BookFiles)?) {
        self.fonts = ReaderFonts(set: fonts)
        covers = CoverPictures(disk: keepsCovers ? CoverCache(cache: cache) : nil, files: files)
    }

    /// Draws `scene` on `canvas`.
    public func draw(_ scene: ShelfScene, on canvas: Canvas) {
        covers.use(canvas, inView: scene.items.count)
        fonts.beginFrame()
        let theme = scene.theme
        let bg = theme.background
        SDL_SetRenderDrawColor(canvas.renderer, bg.r, bg.g, bg.b, 255)
        SDL_RenderClear(canvas.renderer)
        let chrome = Chrome(canvas: canvas, fonts: fonts, theme: theme)
        for item in scene.items { drawBook(item, chrome: chrome) }
        drawHeading(scene, chrome: chrome)
        if let message = scene.emptyMessage {
            let lines = chrome.wrapped(message, width: max(40, scene.size.width - 64), maxLines: 3)
            for (k, line) in lines.enumerated() {
                chrome.centredText(line, in: Rect(x: 0, y: scene.size.height / 2 - 40 + 26 * Double(k), width: scene.size.width, height: 26),
                                   color: theme.quietInk)
            }
        }
        if let thumb = scene.scrollThumb { chrome.fill(thumb, theme.quietInk, alpha: 0.6) }
        if let notice = scene.notice {
            let height = scene.size.height
            chrome.notice(notice) { height - $0 - 16 }
        }
    }

    /// Decodes one cover in view that is not yet (the event loop calls this while nothing
    /// moves); true when it decoded one (the frame must be drawn again).
    public func preload(_ scene: ShelfScene, on canvas: Canvas) -> Bool {
        covers.use(canvas, inView: scene.items.count)
        for item in scene.items {
            guard let key = covers.key(item.book, box: item.cover, scale: canvas.scale), covers.isWaiting(key) else { continue }
            covers.decode(item.book, key: key, on: canvas)
            return true
        }
        return false
    }

    // MARK: - Parts

    private func drawHeading(_ scene: ShelfScene, chrome: Chrome) {
        let theme = scene.theme
        let h = ShelfGrid.headingHeight
        chrome.fill(Rect(x: 0, y: 0, width: scene.size.width, height: h), theme.chrome)
        chrome.fill(Rect(x: 0, y: h - 1, width: scene.size.width, height: 1), theme.quietInk, alpha: 0.5)
        let headingEnd = chrome.with(textSize: 20).text(scene.heading, x: 24, midY: h / 2)
        let countWidth = chrome.width(scene.count)
        chrome.rightText(scene.count, right: scene.size.width - 24, midY: h / 2, color: theme.quietInk)
        // The filter field between the heading and the count.
        let left = headingEnd + 24, right = scene.size.width - 24 - countWidth - 24
        guard right - left >= 80 else { return }
        let field = Rect(x: left, y: 10, width: min(right - left, 420), height: h - 20)
        chrome.fill(field, theme.background)
        chrome.outline(field, scene.query.isEmpty ? theme.quietInk : theme.accent)
        let room = field.width - 24
        if scene.query.isEmpty {
            chrome.text(chrome.fitted(ShelfScene.queryHint, room), x: field.minX + 10, midY: field.minY + field.height / 2,
                        color: theme.quietInk)
        } else {
            let shown = chrome.fitted(scene.query, room)
            let end = chrome.text(shown, x: field.minX + 10, midY: field.minY + field.height / 2)
            chrome.fill(Rect(x: end + 2, y: field.minY + 7, width: 2, height: field.height - 14), theme.accent)
        }
    }

    private func drawBook(_ item: ShelfScene.Item, chrome: Chrome) {
        let theme = chrome.theme
        let box = item.cover
        let book = item.book
        if let key = covers.key(book, box: box, scale: chrome.scale), let cover = covers.cover(key) {
            chrome.fill(box, theme.control)
            let w = Double(cover.width) / chrome.scale, h = Double(cover.height) / chrome.scale
            let r = Rect(x: box.minX + (box.width - w) / 2, y: box.minY + (box.height - h) / 2, width: w, height: h)
            var dst = SDL_Rect(x: Int32((r.minX * chrome.scale).rounded()), y: Int32((r.minY * chrome.scale).rounded()),
                               w: Int32(cover.width), h: Int32(cover.height))
            SDL_RenderCopy(chrome.canvas.renderer, cover.texture, nil, &dst)
        } else {
            TypesetCover.draw(book.metadata, in: box, chrome: chrome)
        }
        if item.mark != nil { chrome.fill(box, theme.background, alpha: 0.6) }
        if item.selected {
            for k in 0..<3 {
                let d = Double(k) + 3
                chrome.outline(Rect(x: box.minX - d, y: box.minY - d, width: box.width + 2 * d, height: box.height + 2 * d), theme.accent)
            }
        }
        drawCaption(item, chrome: chrome)
    }

    /// Under the cover: the title on up to two lines, the author, and the progress bar with
    /// its percentage (or the mark of a book that cannot be opened).
    private func drawCaption(_ item: ShelfScene.Item, chrome: Chrome) {
        let theme = chrome.theme
        let box = item.cover
        let small = chrome.with(textSize: 13)
        var y = box.maxY + 14
        let ink = item.mark == nil ? theme.ink : theme.quietInk
        // A right-to-left title or author stands at the cover's right edge, as it reads; an
        // author's name given a direction of its own (its `dir`) is set in it, isolated
        // (U+2067 RIGHT-TO-LEFT ISOLATE … U+2069, UAX #9 §2.7), whatever its letters.
        let m = item.book.metadata
        func line(_ text: String, rightToLeft: Bool, color: RGB) {
            if rightToLeft {
                small.rightText(text, right: box.maxX, midY: y, color: color)
            } else {
                small.text(text, x: box.minX, midY: y, color: color)
            }
        }
        for text in small.wrapped(m.title, width: box.width, maxLines: 2) {
            line(text, rightToLeft: m.rightToLeft, color: ink)
            y += 17
        }
        if let author = m.author {
            let fitted = small.fitted(author, box.width)
            line(m.authorRightToLeft ? "\u{2067}" + fitted + "\u{2069}" : fitted, rightToLeft: m.authorRightToLeft, color: theme.quietInk)
        }
        let barY = box.maxY + ShelfGrid.captionHeight - 14
        if let mark = item.mark {
            small.text(mark, x: box.minX, midY: barY, color: theme.warning)
        } else if let label = item.progressLabel, let progress = item.book.progress {
            let labelWidth = small.width("100%") + 6
            let track = Rect(x: box.minX, y: barY - 1.5, width: max(10, box.width - labelWidth), height: 3)
            chrome.fill(track, theme.control)
            chrome.fill(Rect(x: track.minX, y: track.minY, width: track.width * min(1, max(0, progress)), height: 3), theme.accent)
            small.rightText(label, right: box.maxX, midY: barY, color: theme.quietInk)
        }
    }
}
