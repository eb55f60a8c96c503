import Fonts
import Pagination
import Reader

/// Opening a book for the reader: its text, a title, its fonts.
enum ReaderBookLoader {
    struct Opened {
        let book: Book
        let fonts: FontSet
    }

    /// Opens the book at `path`; its faces follow `language` (detected when nil: the CJK cut
    /// and the fallback order, `BookFaces`).
    static func open(path: String, encoding: String?, faces: BookFonts.Request = BookFonts.Request(),
                     language: ContentLanguage? = nil) throws -> Opened {
        let (book, detected) = try openBook(path: path, encoding: encoding, language: language)
        LayoutPreload.startHyphenation(for: detected)
        return Opened(book: book, fonts: try fonts(for: book, faces: faces, language: detected))
    }

    /// The book at `path`, and its language (`language`, else the one detected).
    static func openBook(path: String, encoding: String?, language: ContentLanguage? = nil) throws
        -> (book: Book, language: ContentLanguage?) {
        var watch = Stopwatch()
        if EPUBLoading.isEPUB(path) {
            let book = EPUBLoading.book(of: try EPUBLoading.open(path: path), path: path)
            LaunchTrace.mark("EPUB opened: \(watch.lap())")
            return (book, language ?? book.language)
        }
        let decoded = try BookLoading.load(path: path, encoding: encoding)
        let tDecode = watch.lap()
        let text = BookText(decoded: decoded)
        let language = language ?? ContentLanguage.detect(in: text)
        // The chapters on the second core while this one hashes the text (2.8 and 1.3 ms for
        // War and Peace).
        let chapters = BackgroundValue { ChapterDetector.detect(in: text) }
        let digest = text.digest
        let header = Book.header(of: text, fileName: path)
        var book = Book(text: text, title: header.title, chapters: chapters.value, digest: digest)
        book.author = header.author
        LaunchTrace.mark("book opened: decode \(tDecode) digest and chapters \(watch.lap())")
        return (book, language)
    }

    /// The faces `faces` names (the book faces for what it leaves out) for `book`'s text in
    /// `language`, and the book's own typefaces as it asks.
    static func fonts(for book: Book, faces: BookFonts.Request, language: ContentLanguage?) throws -> FontSet {
        let styles = book.structure?.faceStyles ?? []
        let set = try BookFonts.loadSet(faces, for: book.text, language: language, styles: styles).set
        let fonts = BookTypefaceLoading.adding(to: set, structure: book.structure, files: book.files, request: faces)
        LaunchTrace.mark("fonts loaded")
        return fonts
    }
}
