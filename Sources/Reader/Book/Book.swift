import Pagination

/// A book opened for reading: its text, title, table of contents and detected language.
public struct Book: Sendable {
    public let text: BookText
    public let title: String
    public let chapters: [Chapter]
    /// `text.digest`, computed once: the key of the book's state and page caches.
    public let digest: UInt64
    /// The language detected from the text, once per book (`ContentLanguage.detect`): what the
    /// layout uses unless the reader chose one (`ReaderPreferences.language`).
    public let language: ContentLanguage?

    /// A book of `text`; `chapters` and `digest` are detected and computed when not given.
    public init(text: BookText, title: String, chapters: [Chapter]? = nil, digest: UInt64? = nil) {
        self.text = text
        self.title = title
        self.chapters = chapters ?? ChapterDetector.detect(in: text)
        self.digest = digest ?? text.digest
        self.language = ContentLanguage.detect(in: text)
    }

    /// The page progression a book in this language is read in: right to left for Hebrew,
    /// Arabic, Persian and the other languages written right to left.
    public var naturalProgression: PageProgression {
        language?.isWrittenRightToLeft == true ? .rightToLeft : .leftToRight
    }

    /// The chapter a scalar offset is in (the last heading at or before it).
    public func chapter(at offset: Int) -> Chapter? {
        var lo = 0, hi = chapters.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chapters[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? chapters[lo - 1] : nil
    }
}
