import Fonts
import Pagination
import WorkerThreads

/// Opens the libraries and fonts a layout is about to need on the second core, while this one
/// still decodes the book and reads its fonts: HarfBuzz (about 0.7 ms to load here), the line
/// breaker's table (with ICU's dictionary for Thai, Lao, Khmer and Burmese), ICU when the
/// book's language uses it (about 1.5 ms), the language's hyphenation patterns (2 ms for
/// English the first time), then HarfBuzz's fonts of the chosen faces.
/// Loaded on the thread that first shapes, they would hold up both layout threads; each is
/// opened once, whichever thread comes first, so starting early is never wrong.
enum LayoutPreload {
    /// Starts loading HarfBuzz, the line breaker's table, ICU when a book in `language` will
    /// use it, and the language's hyphenation patterns when lines will be hyphenated.
    static func startLibraries(for language: ContentLanguage?, hyphenating: Bool = true) {
        let icu = ICULibrary.isNeeded(for: language)
        WorkerThread.start {
            _ = HarfBuzzFonts.isAvailable
            LineBreaker(language: language).prepare()
            if icu { ICULibrary.load() }
            if hyphenating { _ = HyphenationPatterns.patterns(for: language) }
        }
    }

    /// Starts loading the hyphenation patterns of `language` (the reader's book, once its
    /// language is known and while its fonts are read).
    static func startHyphenation(for language: ContentLanguage?) {
        WorkerThread.start { _ = HyphenationPatterns.patterns(for: language) }
    }

    /// Starts opening HarfBuzz's fonts of `set`.
    static func startFonts(of set: FontSet) {
        let fonts = set.harfBuzz
        WorkerThread.start { fonts.open() }
    }
}
