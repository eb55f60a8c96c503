import Dispatch
import Fonts
import Foundation
import Pagination
import Reader
import TextDecoding
import WorkerThreads

/// Books as the benchmark reads them: through `TextDecoder` and `BookFonts`, as `pageturn`
/// reads them, with a failure said in one line.
enum BenchBook {
    /// The file's bytes (decoding is timed apart from reading).
    static func bytes(path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("cannot read \(path)") }
        return [UInt8](data)
    }

    /// `bytes` decoded (consumed, as the reader's decoder takes them).
    static func decode(_ bytes: consuming [UInt8], path: String) throws -> DecodedText {
        do { return try TextDecoder.decode(bytes) } catch { throw BenchError("\(path): \(error.description)") }
    }

    /// The book at `path` with its title and chapters, and its faces (the book faces, with
    /// fallbacks for its text, in its detected language), as the reader opens it.
    static func open(path: String) throws -> (book: Book, fonts: FontSet) {
        let text = BookText(decoded: try decode(bytes(path: path), path: path))
        let book = Book(text: text, title: Book.title(of: text, fileName: path), chapters: ChapterDetector.detect(in: text))
        return (book, try faces(BookFonts.Request(), for: text).set)
    }

    /// The faces `request` names for `text`, with fallbacks for its characters, ranked for its
    /// detected language: what `pageturn` opens for the book.
    static func faces(_ request: BookFonts.Request, for text: BookText) throws -> (set: FontSet, fallback: FallbackChoice?) {
        try BookFonts.openSet(request, coverage: TextCoverage(text), language: ContentLanguage.detect(in: text))
    }

    /// Loads HarfBuzz and opens its fonts of `set`: what the reader does on its second core
    /// while the first parses the command line and reads the fonts (`EarlyBookLoad`,
    /// `LayoutPreload.startFonts`), before a page is laid out.
    static func openShaping(_ set: FontSet) {
        _ = HarfBuzzFonts.isAvailable
        set.harfBuzz.open()
    }

    /// Starts loading what a book in `language` needs on another core, as the reader does
    /// once it has decoded the book (`EarlyBookLoad`): the line breaker's table (and ICU's
    /// dictionary for Thai, Lao, Khmer and Burmese), ICU when the language needs it, and the
    /// language's hyphenation patterns.
    static func startLanguageLibraries(for language: ContentLanguage?) {
        WorkerThread.start {
            LineBreaker(language: language).prepare()
            if ICULibrary.isNeeded(for: language) { ICULibrary.load() }
            _ = HyphenationPatterns.patterns(for: language)
        }
    }
}

/// Wall-clock laps in milliseconds (`ContinuousClock`).
struct Lap {
    private var start = ContinuousClock.now

    /// The milliseconds since the last lap (or the start), and starts the next lap.
    mutating func next() -> Double {
        let now = ContinuousClock.now
        defer { start = now }
        let (seconds, attoseconds) = (now - start).components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
