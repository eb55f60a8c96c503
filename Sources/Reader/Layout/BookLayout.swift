import Fonts
import Pagination
import Synchronization

/// The pages of a book for one layout (page size, font, size), exact or still provisional.
///
/// Opening a layout costs one page: `Paginator.page(at:)` lays out the page at the reading
/// position, and the full pass (`Paginator.paginate()`) runs on a background thread (or comes
/// from the `PageCache`). Until it lands the layout is *provisional*: pages are laid out one
/// by one outwards from the first one, their indexes estimated from its length, and
/// `pageCount` is an estimate. `poll()` swaps in the exact pages when the pass is done; the
/// reader then finds its page again by its first character. A provisional page before the
/// anchor is found by laying out forwards from a little earlier (`pageBefore`), so its start
/// may differ from the exact pass's by a line or two: it is replaced when the pass lands.
public final class BookLayout {
    public let book: Book
    public let settings: LayoutSettings
    public let paginator: Paginator
    /// The faces the pages were shaped with: their glyph runs name these faces by index, so
    /// the renderer draws them from this set (nil: laid out without fonts, as in tests).
    public let fonts: FontSet?
    /// The exact pages, once known.
    public private(set) var map: PageMap?
    /// Provisional pages: contiguous, `slices[0]` has index `baseIndex`.
    private var slices: [Slice] = []
    private var baseIndex = 0
    private var estimatedCount = 1
    private let pending: PendingPass?
    /// Tells layouts apart (page textures are keyed by it).
    public let id: Int = BookLayout.counter.add(1, ordering: .relaxed).newValue
    /// Bumped when the exact pages replace the provisional ones (page indexes change).
    public private(set) var epoch = 0
    private static let counter = Atomic<Int>(0)

    /// Lays out the page holding `offset` now; the rest from `cache` or a background pass.
    /// With `background: false` the full pass runs here, before this returns. With
    /// `startPass: false` the pass is held back until `startPass()` (a window being resized
    /// starts one only when the size settles) or `waitUntilExact()`, which runs it on the
    /// caller's thread.
    /// `shaper` measures and places the text (HarfBuzz over the book's faces); without one,
    /// `advances` alone do. In `book`, the text block is narrowed to a readable measure for
    /// this book (`LayoutSettings.fitted(to:advances:)`): `settings` says what it became.
    public init(book: Book, settings: LayoutSettings, advances: AdvanceTable, shaper: (any GlyphShaper)? = nil,
                fonts: FontSet? = nil, fontFingerprint: String, at offset: Int, cache: PageCache?, background: Bool,
                startPass: Bool = true) {
        let settings = settings.fitted(to: book.text, advances: advances)
        self.book = book
        self.fonts = fonts
        self.settings = settings
        paginator = Paginator(text: book.text, settings: settings, advances: advances, structure: book.structure,
                              shaper: shaper)
        let key = PageCache.key(text: book.text, textDigest: book.digest, settings: settings, advances: advances,
                                fontFingerprint: fontFingerprint, shaper: shaper)
        if let cached = cache?.load(key: key, scalarCount: book.text.scalarCount) {
            map = cached
            pending = nil
        } else if !background {
            let full = paginator.paginate()
            map = full
            try? cache?.store(full, key: key)
            pending = nil
        } else {
            pending = PendingPass(paginator: paginator, cache: cache, key: key, start: startPass)
            anchor(at: offset)
        }
    }

    deinit {
        // Replaced by another layout (a resize, a font size): its pass is wasted work.
        pending?.cancel()
    }

    /// Starts the full pass in the background if it was held back (`startPass: false`).
    public func startPass() { pending?.startInBackground() }

    /// Whether the full pass is held back, not started yet.
    public var isPassHeldBack: Bool { pending.map { !$0.hasStarted } ?? false }

    /// Whether the pages are the full pass's (false while it runs).
    public var isExact: Bool { map != nil }

    /// The number of pages (an estimate while provisional). Never 0: an empty book is one
    /// blank page (page 0, range 0..<0, no lines), so the reader shows "1 / 1".
    public var pageCount: Int { max(map?.pageCount ?? estimatedCount, 1) }

    /// Swaps in the full pass if it has finished. Returns true when it did (page indexes change).
    public func poll() -> Bool {
        guard map == nil, let done = pending?.result() else { return false }
        map = done
        slices = []
        epoch += 1
        return true
    }

    /// Waits for the full pass (for tests and scripted runs that need exact pages).
    public func waitUntilExact() {
        guard map == nil, let pending else { return }
        map = pending.wait()
        slices = []
        epoch += 1
    }

    /// Page `index` as it is drawn: its lines' glyphs placed and justified, the running head
    /// (the chapter's title, or the book's) and the folio in the margins. Made on first use
    /// and kept for the few pages around the reader (`PageLayouts`).
    ///
    /// A page that opens a chapter has no running head, as printed books set it; a title page
    /// has neither head nor folio. The folio
    /// gives the page and the book's length, `69 / 1791`, or `69 / ~1791` while the count is
    /// an estimate (the full pass still running).
    public func pageLayout(_ index: Int) -> PageLayout {
        layouts.layout(of: index, epoch: epoch) { [self] typesetter in
            let range = self.range(ofPage: index)
            let pageLines = self.lines(onPage: index)
            let lines = typesetter.position(pageLines)
            let margin = settings.margin, left = settings.textLeft, width = settings.contentWidth
            let opensChapter = pageLines.first?.flags.contains(.heading) ?? false
            // A title page has neither head nor folio; a page that is one picture (a cover, a plate) has neither either.
            let titlePage = pageLines.first?.flags.contains(.title) ?? false
                || (pageLines.count == 1 && pageLines.first?.flags.contains(.picture) == true)
            let head = opensChapter || titlePage ? nil : book.chapter(at: range.lowerBound)?.title ?? book.shownTitle
            return PageLayout(
                page: index, range: range, width: settings.pageWidth, height: settings.pageHeight,
                fontSize: settings.fontSize, lines: lines,
                runningHead: head.map { typesetter.label($0, x: left, y: 0, width: width, height: margin, atTop: true) },
                pageNumber: titlePage ? nil : typesetter.label(folio(index), x: left, y: settings.pageHeight - margin,
                                                               width: width, height: margin, atTop: false),
                pictures: typesetter.placePictures(pageLines), rules: typesetter.placeRules(pageLines))
        }
    }

    /// The folio of page `index`: `69 / 1791`, or `69 / ~1791` while the count is an estimate,
    /// in the digits `LayoutSettings.folioDigits` gives the book's language (`۶۹ / ۱۷۹۱` in a
    /// Persian book).
    public func folio(_ index: Int) -> String {
        let digits = settings.folioDigits, language = settings.language
        return "\(digits.format(index + 1, language: language)) / \(isExact ? "" : "~")\(digits.format(pageCount, language: language))"
    }

    private lazy var layouts = PageLayouts(typesetter: paginator.makeTypesetter())

    /// The scalar offsets page `index` shows (empty when there is no such page).
    public func range(ofPage index: Int) -> Range<Int> {
        if let map { return index >= 0 && index < map.pageCount ? map.pageRange(index) : 0..<0 }
        return slice(index)?.range ?? 0..<0
    }

    /// The lines drawn on page `index`.
    public func lines(onPage index: Int) -> ArraySlice<TypesetLine> {
        if let map { return map.lines(onPage: index) }
        return slice(index).map { $0.lines[...] } ?? []
    }

    /// The page that holds `offset`: exact, or while provisional the laid-out page that holds
    /// it, else an estimate from the anchor page's length (nothing is laid out).
    public func page(containing offset: Int) -> Int {
        if let map { return map.page(containing: offset) }
        if let k = slices.firstIndex(where: { $0.range.contains(offset) }) { return baseIndex + k }
        if let last = slices.last, offset >= book.text.scalarCount, last.range.upperBound >= offset { return baseIndex + slices.count - 1 }
        return min(max(0, Int(Double(offset) / charsPerPage)), max(0, pageCount - 1))
    }

    /// The page to show for a jump to `offset` (a bookmark, a chapter). While provisional, a
    /// place not laid out yet becomes the new anchor (indexes change: `epoch` is bumped).
    public func pageForJump(to offset: Int) -> Int {
        if let map { return map.page(containing: offset) }
        if let k = slices.firstIndex(where: { $0.range.contains(offset) }) { return baseIndex + k }
        anchor(at: offset)
        epoch += 1
        return baseIndex
    }

    /// The page to show for "go to page `index`": itself when exact or laid out; while
    /// provisional otherwise, the page at the estimated offset becomes the anchor.
    public func pageForJump(toPage index: Int) -> Int {
        if map != nil { return index }
        if index >= baseIndex && index < baseIndex + slices.count { return index }
        if index == 0 { return pageForJump(to: 0) }
        let target = min(Int(Double(index) * charsPerPage), max(0, book.text.scalarCount - 1))
        anchor(at: target)
        epoch += 1
        return baseIndex
    }

    /// The anchor page's length in scalars, for estimates.
    private var charsPerPage: Double { Double(max(slices.first?.range.count ?? 1, 1)) }

    // MARK: - Provisional pages

    /// Starts the provisional pages at the page holding `offset`, its index and the page count
    /// estimated from it (`PageCountEstimate`).
    private func anchor(at offset: Int) {
        let first = paginator.page(at: offset)
        let n = book.text.scalarCount
        let estimate = PageCountEstimate(page: first, settings: settings, chapters: book.chapters)
        baseIndex = first.range.lowerBound == 0 ? 0 : max(1, Int(estimate.pages(in: 0..<first.range.lowerBound).rounded()))
        slices = [Slice(first)]
        if first.range.upperBound >= n {
            estimatedCount = baseIndex + 1
        } else {
            estimatedCount = baseIndex + 1 + max(1, Int(estimate.pages(in: first.range.upperBound..<n).rounded(.up)))
        }
    }

    /// Provisional page `index`, laid out on demand outwards from the anchor.
    private func slice(_ index: Int) -> Slice? {
        guard !slices.isEmpty else { return nil }
        let n = book.text.scalarCount
        while index >= baseIndex + slices.count {
            guard let last = slices.last, last.range.upperBound < n, index < estimatedCount + 64 else { return nil }
            slices.append(Slice(paginator.page(at: last.range.upperBound)))
            if slices.last!.range.upperBound >= n { estimatedCount = baseIndex + slices.count }
            else { estimatedCount = max(estimatedCount, baseIndex + slices.count + 1) }
        }
        while index < baseIndex {
            guard let first = slices.first, first.range.lowerBound > 0, let before = pageBefore(first.range.lowerBound)
            else { return nil }
            slices.insert(before, at: 0)
            baseIndex -= 1
        }
        return slices[index - baseIndex]
    }

    /// The page that ends at `end`: laid out forwards from about two pages earlier, the
    /// last page there cut at `end`.
    private func pageBefore(_ end: Int) -> Slice? {
        guard end > 0 else { return nil }
        let perPage = max(slices.first?.range.count ?? 1000, 200)
        var s = paginator.page(at: max(0, end - 2 * perPage))
        while s.range.upperBound < end {
            let next = paginator.page(at: s.range.upperBound)
            if next.range.isEmpty || next.range.lowerBound >= end { break }
            s = next
        }
        guard s.range.lowerBound < end else { return nil }
        if s.range.upperBound == end { return Slice(s) }
        return Slice(range: s.range.lowerBound..<end, lines: s.lines.filter { Int($0.start) < end })
    }

    /// Re-indexes provisional pages so that the page holding `offset` stays `index`, but the
    /// first page of the book is 0 and the last is `pageCount − 1`. Returns the index of the
    /// page holding `offset` afterwards.
    /// An index past either end of the book (the estimate was too long: End, or turns faster
    /// than the pages were laid out) becomes the page at that end.
    public func normalizedIndex(of index: Int) -> Int {
        guard map == nil else { return index }
        var index = index
        if slice(index) == nil, let first = slices.first, let last = slices.last {
            if index >= baseIndex + slices.count, last.range.upperBound >= book.text.scalarCount {
                index = baseIndex + slices.count - 1
            } else if index < baseIndex, first.range.lowerBound == 0 {
                index = baseIndex
            }
        }
        guard let s = slice(index) else { return index }
        var shift = 0
        if s.range.lowerBound == 0 { shift = -index }
        else if index == 0 { shift = max(1, baseIndex + 1 - index) }
        baseIndex += shift
        estimatedCount += shift
        if s.range.upperBound >= book.text.scalarCount { estimatedCount = index + shift + 1 }
        if shift != 0 { epoch += 1 }
        return index + shift
    }
}

/// The last few pages laid out for drawing, and the typesetter (with its shaped words) that
/// places them.
private final class PageLayouts {
    private var typesetter: Typesetter
    private var kept: [(page: Int, epoch: Int, layout: PageLayout)] = []

    init(typesetter: Typesetter) { self.typesetter = typesetter }

    /// The shaped words go back to the process's caches for the next layout.
    deinit { typesetter.finish() }

    func layout(of page: Int, epoch: Int, make: (inout Typesetter) -> PageLayout) -> PageLayout {
        if let k = kept.firstIndex(where: { $0.page == page && $0.epoch == epoch }) {
            let hit = kept.remove(at: k)
            kept.append(hit)
            return hit.layout
        }
        let made = make(&typesetter)
        if kept.count >= 8 { kept.removeFirst() }
        kept.append((page, epoch, made))
        return made
    }
}

/// A provisional page: the scalars it shows and its lines.
private struct Slice {
    var range: Range<Int>
    var lines: [TypesetLine]

    init(range: Range<Int>, lines: [TypesetLine]) {
        self.range = range
        self.lines = lines
    }

    init(_ page: PageSlice) { self.init(range: page.range, lines: page.lines) }
}
