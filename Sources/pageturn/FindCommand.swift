import ArgumentParser
import FileWriting
import FoundationEssentials
import PageTurner
import Pagination
import Reader

/// `pageturn find BOOK TEXT`: every place TEXT is in the book, with its page and a little
/// context, as the reader's search finds it (case and accents aside).
struct FindCommand: ParsableCommand, DefaultFrameSize {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Lists every place a text is in a book, with its page and context.",
        discussion: """
            The search is the reader's: case and accents aside (Natasha finds Natásha, \
            "ete" finds "été", בראשית finds בְּרֵאשִׁית), white space matching any white \
            space (a phrase is found across a line break). Pages are the reader's at the \
            window size given (--width, --height), with its default font and margins.

            JSON (--json): {"query", "count", "pages", "matches": [{"start", "end" (scalar \
            offsets into the text, as positions and bookmarks are), "page" (from 1), \
            "context" (the match with up to 40 characters either side, on one line)}]}.

            EXAMPLES
              pageturn find war-and-peace.txt "Natasha"
              pageturn find book.epub "the white rabbit" --json - | jq '.matches[].page'
            """)

    @Argument(help: "The book: an EPUB or a .txt file.") var book: String
    @Argument(help: "The text to find (at most 1,000 characters).") var text: String
    @Option(help: "Write the matches as JSON to this file (- for standard output) instead of a list.") var json: String?
    @OptionGroup var frame: FrameSizeOptions<FindCommand>
    @OptionGroup var decoding: EncodingOptions

    /// Characters of context either side of a match.
    static let contextLength = 40

    func run() throws {
        try SameFileGuard.check(output: json, option: "--json", input: book)
        try BookLoading.checkOpenable(path: book, folderAllowed: EPUBLoading.isEPUB(book))
        let opened = try ReaderBookLoader.open(path: book, encoding: decoding.encoding)
        let matches: [Range<Int>]
        do {
            matches = try BookSearch(text: opened.book.text).matches(of: text)
        } catch {
            throw UserError(error.description)
        }
        let (width, height) = try frame.size
        let layout = BookPages.layout(of: opened, pageSize: Size(width: Double(width), height: Double(height)))
        let found = matches.map { range in
            FindJSON.Match(start: range.lowerBound, end: range.upperBound, page: layout.page(containing: range.lowerBound) + 1,
                           context: Self.context(of: range, in: opened.book.text))
        }
        if let json {
            let output = try JSONDocument.encode(FindJSON(query: text, count: found.count, pages: layout.pageCount, matches: found)) + "\n"
            do { try OutputFile.write(output, to: json) } catch { throw UserError(error.description) }
            return
        }
        if found.isEmpty {
            print("not found: \(PrintableText.escaped(text))")
            return
        }
        for match in found { print(PrintableText.escaped("p. \(match.page)  \(match.context)")) }
        print("\(found.count) \(found.count == 1 ? "match" : "matches") in \(layout.pageCount) pages")
    }

    /// The match with up to `contextLength` characters either side, its line breaks as spaces.
    static func context(of range: Range<Int>, in text: BookText) -> String {
        BookSearch.context(of: range, in: text, length: contextLength).bracketed
    }
}

/// `find --json`'s document (see the command's help).
struct FindJSON: Encodable {
    struct Match: Encodable {
        let start: Int
        let end: Int
        let page: Int
        let context: String
    }

    let query: String
    let count: Int
    let pages: Int
    let matches: [Match]
}
