/// Lays out a book for one set of settings and one font: the whole book at once
/// (`paginate()`), or just the page at a position (`page(at:)`) without touching the rest.
public struct Paginator: Sendable {
    public let text: BookText
    public let settings: LayoutSettings
    public let advances: AdvanceTable
    public let shape: ParagraphShape

    public init(text: BookText, settings: LayoutSettings, advances: AdvanceTable) {
        self.text = text
        self.settings = settings
        self.advances = advances
        self.shape = settings.preset == .plain ? .linePerParagraph : ParagraphShape.detect(in: text)
    }

    /// Every line and page of the book.
    public func paginate() -> PageMap {
        var typesetter = Typesetter(text: text, settings: settings, advances: advances, shape: shape)
        var lines: [TypesetLine] = []
        lines.reserveCapacity(text.utf8.count / 60 + 16)
        var position = TextPosition(byte: 0, scalar: 0)
        while position.byte < text.utf8.count {
            position = typesetter.typesetParagraph(at: position, into: &lines)
        }
        let starts = PageSplitter(settings: settings).pageFirstLines(lines)
        return PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: starts)
    }

    /// The page that opens with the line holding `offset`, laid out from the start of its
    /// paragraph only: what a reader shows at once, before the full pass has run.
    public func page(at offset: Int) -> PageSlice {
        guard text.scalarCount > 0 else { return PageSlice(range: 0..<0, lines: []) }
        let target = min(max(0, offset), text.scalarCount - 1)
        var typesetter = Typesetter(text: text, settings: settings, advances: advances, shape: shape)
        var position = typesetter.paragraphStart(containingByte: text.byteOffset(ofScalar: target))
        var lines: [TypesetLine] = []
        // Typeset until the target line and a full page after it are known.
        var first = -1
        let splitter = PageSplitter(settings: settings)
        let linesPerPage = splitter.plainLinesPerPage + 2
        while position.byte < text.utf8.count {
            position = typesetter.typesetParagraph(at: position, into: &lines)
            if first < 0, let last = lines.last, Int(last.end) >= target || position.byte >= text.utf8.count {
                first = lines.lastIndex(where: { Int($0.start) <= target }) ?? 0
            }
            if first >= 0 && lines.count - first > linesPerPage { break }
        }
        guard first >= 0, !lines.isEmpty else {
            return PageSlice(range: 0..<text.scalarCount, lines: [])
        }
        let pages = splitter.pageFirstLines(lines, from: first)
        let endLine = pages.count > 1 ? Int(pages[1]) : lines.count
        let lower = Int(lines[first].start)
        let upper = endLine < lines.count ? Int(lines[endLine].start) : text.scalarCount
        return PageSlice(range: lower..<upper, lines: Array(lines[first..<endLine]))
    }
}

/// One page laid out on its own (see `Paginator.page(at:)`).
public struct PageSlice: Sendable, Equatable {
    /// The scalar offsets the page shows.
    public let range: Range<Int>
    public let lines: [TypesetLine]
}
