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
    static func open(path: String, encoding: String?, faces: FaceChoice = FaceChoice(),
                     language: ContentLanguage? = nil) throws -> Opened {
        var watch = Stopwatch()
        let decoded = try BookLoading.load(path: path, encoding: encoding)
        let tDecode = watch.lap()
        let text = BookText(decoded: decoded)
        let tText = watch.lap()
        var options = try LayoutOptions.parse([])
        options.font = faces.font
        options.cjkFont = faces.cjkFont
        let language = language ?? ContentLanguage.detect(in: text)
        LayoutPreload.startHyphenation(for: language)
        let fonts = try FontChoice.loadSet(options, for: text, language: language)
        let tFonts = watch.lap()
        let chapters = ChapterDetector.detect(in: text)
        let tChapters = watch.lap()
        let book = Book(text: text, title: Book.title(of: text, fileName: path), chapters: chapters)
        let tBook = watch.lap()
        LaunchTrace.mark("book opened: decode \(tDecode) text \(tText) fonts \(tFonts) chapters \(tChapters) book \(tBook)")
        return Opened(book: book, fonts: fonts)
    }
}
