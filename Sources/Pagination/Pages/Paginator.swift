/// Lays out a book for one set of settings and one font: the whole book at once
/// (`paginate()`), or just the page at a position (`page(at:)`) without touching the rest.
public struct Paginator: Sendable {
    public let text: BookText
    public let settings: LayoutSettings
    public let advances: AdvanceTable
    /// What measures the text (HarfBuzz over the book's faces), or nil for `advances` alone.
    public let shaper: (any GlyphShaper)?
    public let shape: ParagraphShape
    /// A structured book's blocks and italics (an EPUB's), or nil for a TXT book.
    public let structure: DocumentStructure?

    public init(text: BookText, settings: LayoutSettings, advances: AdvanceTable, structure: DocumentStructure? = nil,
                shaper: (any GlyphShaper)? = nil) {
        self.text = text
        self.settings = settings
        self.advances = advances
        self.shaper = shaper
        self.structure = structure
        self.shape = settings.preset == .plain || structure != nil ? .linePerParagraph : ParagraphShape.detect(in: text)
    }

    /// Every line and page of the book.
    public func paginate() -> PageMap {
        paginate(until: { false })!
    }

    /// Every line and page of the book, or nil as soon as `cancelled` says so (it is asked
    /// after every paragraph: a layout that is no longer wanted stops within a paragraph).
    public func paginate(until cancelled: () -> Bool) -> PageMap? {
        var typesetter = makeTypesetter()
        defer { typesetter.finish() }
        typesetter.shapes.reserve(forTextBytes: text.utf8.count)
        var lines: [TypesetLine] = []
        lines.reserveCapacity(text.utf8.count / 60 + 16)
        var position = TextPosition(byte: 0, scalar: 0)
        while position.byte < text.utf8.count {
            if cancelled() { return nil }
            position = typesetter.typesetParagraph(at: position, into: &lines)
        }
        let starts = PageSplitter(settings: settings).pageFirstLines(lines)
        return PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: starts)
    }

    /// A typesetter for this book, settings, structure and shaper (give it back with
    /// `finish()`): the one that placed the lines places their glyphs.
    public func makeTypesetter() -> Typesetter {
        Typesetter(text: text, settings: settings, advances: advances, shape: shape, structure: structure, shaper: shaper)
    }

    /// The page that opens with the line holding `offset`, laid out from the start of its
    /// paragraph only: what a reader shows at once, before the full pass has run.
    ///
    /// Its first line is exactly the line the full pass puts there (lines depend only on
    /// their paragraph), but where pages begin depends on everything before them, so the
    /// full pass may start that page a few lines earlier. When the full pass arrives, show
    /// `PageMap.page(containing: slice.range.lowerBound)`: the reader keeps their place.
    /// An offset in blank lines that `book` drops belongs to the line before them.
    public func page(at offset: Int) -> PageSlice {
        guard text.scalarCount > 0 else { return PageSlice(range: 0..<0, lines: []) }
        let target = min(max(0, offset), text.scalarCount - 1)
        var typesetter = makeTypesetter()
        defer { typesetter.finish() }
        var position = typesetter.paragraphStart(containingByte: text.byteOffset(ofScalar: target))
        // A blank line that `book` drops: start from the paragraph before it, which owns it.
        if settings.preset == .book {
            var line = position.byte
            while line > 0 && text.isBlankLine(at: line) { line = text.lineStart(before: line - 1) }
            if line < position.byte && !text.isBlankLine(at: line) {
                position = typesetter.paragraphStart(containingByte: line)
            }
        }
        var lines: [TypesetLine] = []
        let splitter = PageSplitter(settings: settings)
        let linesPerPage = splitter.plainLinesPerPage + 2
        var first = -1
        // Typeset until the target's line and a full page after it are known.
        while position.byte < text.utf8.count {
            position = typesetter.typesetParagraph(at: position, into: &lines)
            if first < 0, !lines.isEmpty, position.scalar > target || position.byte >= text.utf8.count {
                first = Self.line(holding: target, in: lines)
            }
            if first >= 0 && lines.count - first > linesPerPage { break }
        }
        guard !lines.isEmpty else { return PageSlice(range: 0..<text.scalarCount, lines: []) }
        if first < 0 { first = Self.line(holding: target, in: lines) }
        let pages = splitter.pageFirstLines(lines, from: first)
        let endLine = pages.count > 1 ? Int(pages[1]) : lines.count
        // The first page of the book owns the blank lines before its first line.
        let lower = min(Int(lines[first].start), target)
        let upper = endLine < lines.count ? Int(lines[endLine].start) : text.scalarCount
        return PageSlice(range: lower..<upper, lines: Array(lines[first..<endLine]))
    }
}

extension Paginator {
    /// The last of `lines` that starts at or before scalar `target`, an empty line that only
    /// keeps room beside a drop cap or a float passed over (it never opens a page of its own).
    static func line(holding target: Int, in lines: [TypesetLine]) -> Int {
        lines.lastIndex { Int($0.start) <= target && ($0.start < $0.end || $0.flags.isDisjoint(with: [.besideDropCap, .besideFloat])) } ?? 0
    }
}

/// One page laid out on its own (see `Paginator.page(at:)`).
public struct PageSlice: Sendable, Equatable {
    /// The scalar offsets the page shows.
    public let range: Range<Int>
    public let lines: [TypesetLine]
}
