import FileWriting
import FoundationEssentials
import Pagination
import Reader
import ReaderState

/// A book's highlights as `pageturn annotations` writes them (see the command's help), one
/// highlight at a time: each one's passage, chapter and page are worked out as it is written
/// (the page by a binary search of the layout's pages, the chapter of the book's), so a book
/// with 100,000 highlights never holds their texts all at once.
struct HighlightExport {
    let book: Book
    /// The book file's absolute path.
    let path: String
    /// The highlights in the order of the book.
    let highlights: [Highlight]
    /// The book laid out as the reader lays it out (nil when there are no highlights to number).
    let layout: BookLayout?

    /// One highlight as the export gives it.
    struct Entry {
        let text: String
        let note: String
        let color: String
        /// The chapter it is in (nil: before the first).
        let chapter: Chapter?
        let page: Int
        let start: Int
        let end: Int
        let created: String
    }

    /// The entry of `highlight`: its passage as the reader copies it (`CopiedText`), a
    /// hard-wrapped book's lines joined as the layout joins them.
    func entry(_ highlight: Highlight) -> Entry {
        let text = book.text
        let start = min(max(0, highlight.start), text.scalarCount)
        let softLineFeeds = layout?.paginator.shape == .blankLineSeparated
        return Entry(text: CopiedText.text(of: highlight.range, in: text, softLineFeeds: softLineFeeds), note: highlight.note,
                     color: highlight.color.rawValue, chapter: book.chapter(at: start),
                     page: (layout?.page(containing: start) ?? 0) + 1, start: highlight.start, end: highlight.end,
                     created: ShelfText.isoDate(highlight.created))
    }

    // MARK: - JSON

    /// `{"book": …, "highlights": […]}`, each highlight written as it comes, as `paginate
    /// --json` streams its document: the bytes `JSONDocument` would write (keys sorted, an
    /// absent author or chapter left out, as the encoder leaves out nil).
    func writeJSON(_ out: inout JSONStreamWriter) {
        out.raw("{\"book\":{")
        if let author = book.author {
            out.raw("\"author\":")
            out.string(author)
            out.raw(",")
        }
        out.raw("\"path\":")
        out.string(path)
        out.raw(",\"title\":")
        out.string(book.title)
        out.raw("},\"highlights\":[")
        for (k, highlight) in highlights.enumerated() {
            let e = entry(highlight)
            out.raw(k == 0 ? "{" : ",{")
            if let chapter = e.chapter {
                out.raw("\"chapter\":")
                out.string(chapter.title)
                out.raw(",")
            }
            out.raw("\"color\":")
            out.string(e.color)
            out.raw(",\"created\":")
            out.string(e.created)
            out.raw(",\"end\":\(e.end),\"note\":")
            out.string(e.note)
            out.raw(",\"page\":\(e.page),\"start\":\(e.start),\"text\":")
            out.string(e.text)
            out.raw("}")
        }
        out.raw("]}\n")
    }

    // MARK: - Markdown

    /// The Markdown document: `# Title`, `by Author`, then under each chapter's `## Title`
    /// its highlights, each a block quote, `— p. 42 · yellow`, and the note as a paragraph.
    /// Control characters are escaped (`PrintableText`) line by line, so no line of a book
    /// reaches a terminal as a command; nothing else is escaped.
    func writeMarkdown(_ out: inout JSONStreamWriter) {
        let title = Self.oneLine(book.title)
        guard !highlights.isEmpty else {
            out.raw("_No highlights in \(title.isEmpty ? "this book" : title)._\n")
            return
        }
        out.raw("# \(title)\n\n")
        if let author = book.author, !author.isEmpty { out.raw("by \(Self.oneLine(author))\n\n") }
        var chapter: Int?
        for highlight in highlights {
            let entry = entry(highlight)
            if let heading = entry.chapter, heading.offset != chapter {
                out.raw("## \(Self.oneLine(heading.title))\n\n")
                chapter = heading.offset
            }
            out.raw(Self.quoted(entry.text))
            out.raw("\n— p. \(entry.page) · \(entry.color)\n\n")
            if !entry.note.isEmpty { out.raw(Self.lines(entry.note).joined(separator: "\n") + "\n\n") }
        }
    }

    /// `text` as a block quote: each line after `> `, a paragraph break a line of `>` alone,
    /// so the passage stays one quote of several paragraphs.
    static func quoted(_ text: String) -> String {
        var quote = ""
        for line in lines(text) { quote += line.isEmpty ? ">\n" : "> " + line + "\n" }
        return quote.isEmpty ? ">\n" : quote
    }

    /// `text`'s lines, each with its control characters escaped; a paragraph break (a line
    /// feed) between two lines of text also leaves an empty line, as Markdown needs it.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !lines.isEmpty && !line.isEmpty && lines.last?.isEmpty == false { lines.append("") }
            lines.append(PrintableText.escaped(String(line)))
        }
        return lines
    }

    /// `text` on one line (a heading's), its control characters escaped.
    static func oneLine(_ text: String) -> String {
        PrintableText.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
