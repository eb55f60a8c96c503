import EPUB
import FileWriting
import Library
import Pagination
import Reader

/// Opening EPUB books for the commands, with errors worded for the terminal: a book is an EPUB
/// by its content (a ZIP, or a folder holding `META-INF/container.xml`), whatever its name.
enum EPUBLoading {
    /// Whether the book at `path` is to be opened as an EPUB.
    static func isEPUB(_ path: String) -> Bool { EPUBBook.isEPUB(path: path) }

    /// Opens the EPUB at `path`; its problems are one line naming the file. With `cached`, a
    /// book opened before comes from the book cache (`EPUBCache`, under
    /// `$XDG_CACHE_HOME/pageturn/books`), and one read now is kept there.
    static func open(path: String, cached: Bool = true) throws -> EPUBBook {
        try BookLoading.checkOpenable(path: path, folderAllowed: true)
        let book: EPUBBook
        do {
            book = try EPUBBook.open(path: path, cache: cached ? EPUBCache() : nil)
        } catch {
            throw UserError("\(path): \(error.description)")
        }
        // A document that is not well-formed XML is an error in the book, said once a document;
        // it is shown as far as a parser recovers it, as readers do.
        for document in book.malformedDocuments {
            StandardError.write("pageturn: warning: \(PrintableText.escaped(path)): \(PrintableText.escaped(document)) "
                                + "(not well-formed XML; shown as recovered)\n")
        }
        return book
    }

    /// The reader's `Book` of an opened EPUB: its text and structure, its title (the file's
    /// name when it has none), its contents as chapters, its language and page progression.
    static func book(of epub: EPUBBook, path: String) -> Book {
        let chapters = epub.contents.compactMap { entry in
            entry.offset.map { Chapter(title: entry.title, offset: $0, level: entry.level) }
        }
        // `Book.chapter(at:)` looks chapters up by offset: keep them in the text's order.
        let ordered = chapters.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
        let progression: PageProgression? = switch epub.metadata.pageProgression {
        case "rtl": .rightToLeft
        case "ltr": .leftToRight
        default: nil
        }
        var book = Book(text: epub.text, title: epub.metadata.title ?? PathName.stem(path), chapters: ordered,
                        structure: epub.structure, language: epub.metadata.language.flatMap(ContentLanguage.init(tag:)),
                        progression: progression)
        book.linkTargets = epub.linkTargets
        book.notes = epub.notes.isEmpty ? nil : epub.notes
        book.files = EPUBFiles(path: path, identifiers: epub.metadata.identifiers)
        book.titleRightToLeft = epub.metadata.titleDirection.map { $0 == "rtl" }
        book.author = BookMetadata.author(creators: epub.metadata.creators)
        book.printPages = epub.pageList.compactMap { entry in entry.offset.map { PrintPage(label: entry.title, offset: $0) } }
        return book
    }
}
