import Pagination

/// A page of the print edition a book follows (an EPUB's `page-list` entry): its label as
/// printed (`42`, `xii`) and where it starts in the text.
public struct PrintPage: Sendable, Equatable {
    public let label: String
    public let offset: Int

    public init(label: String, offset: Int) {
        self.label = label
        self.offset = offset
    }
}

/// A book opened for reading: its text, title, table of contents and language, and for a
/// structured book (an EPUB) its blocks and italics.
public struct Book: Sendable {
    public let text: BookText
    public let title: String
    public let chapters: [Chapter]
    /// The blocks of a structured book (an EPUB), or nil for a TXT book.
    public let structure: DocumentStructure?
    /// The key of the book's state and page caches: `text.digest`, computed once, and for a
    /// structured book its structure's digest with it.
    public let digest: UInt64
    /// The book's language: the one it declares (an EPUB's `dc:language`), else the one
    /// detected from the text, once per book (`ContentLanguage.detect`): what the layout uses
    /// unless the reader chose one (`ReaderPreferences.language`).
    public let language: ContentLanguage?
    /// The page progression the book declares (an EPUB's `page-progression-direction`), if any.
    private let declaredProgression: PageProgression?
    /// The print edition's pages, in the book's order (an EPUB's page-list).
    public var printPages: [PrintPage] = []
    /// Where each of the book's links inside it leads (`DocumentStructure.Link.href` →
    /// offset); a link not here leads out of the book, or nowhere.
    public var linkTargets: [String: Int] = [:]
    /// The book's notes (an EPUB's footnotes and endnotes), which a link to one shows over the
    /// page; nil for a book without.
    public var notes: BookNotes?
    /// The book's other files (an EPUB's pictures), for the pages that draw them; nil for a
    /// book of text alone.
    public var files: (any BookFiles)?
    /// The book's author as the shelf shows it (an EPUB's first creators, a Gutenberg text's
    /// `Author:`); nil when unknown.
    public var author: String?
    /// The title's own base direction, when the book gives it one (an EPUB's `dir`): true for
    /// right to left; nil to take it from the title's first strong character.
    public var titleRightToLeft: Bool?

    /// The title as the reader shows it (toolbars, running heads, the window's title): with a
    /// direction of its own, isolated in it (U+2067 RIGHT-TO-LEFT ISOLATE or U+2066
    /// LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, UAX #9 §2.7, as HTML's `dir`
    /// isolates an element), so that it reads in its direction and the text around it in its own.
    public var shownTitle: String {
        guard let rightToLeft = titleRightToLeft else { return title }
        return (rightToLeft ? "\u{2067}" : "\u{2066}") + title + "\u{2069}"
    }

    /// A book of `text`; `chapters` and `digest` are detected and computed when not given.
    public init(text: BookText, title: String, chapters: [Chapter]? = nil, digest: UInt64? = nil,
                structure: DocumentStructure? = nil, language: ContentLanguage? = nil,
                progression: PageProgression? = nil) {
        self.text = text
        self.title = title
        self.structure = structure
        self.chapters = chapters ?? ChapterDetector.detect(in: text)
        let textDigest = digest ?? text.digest
        if let structure {
            var hasher = StableHasher()
            hasher.combine(textDigest)
            hasher.combine(structure.digest)
            self.digest = hasher.value
        } else {
            self.digest = textDigest
        }
        self.language = language ?? ContentLanguage.detect(in: text)
        self.declaredProgression = progression
    }

    /// The page progression the book is read in: the one it declares, else right to left for
    /// Hebrew, Arabic, Persian and the other languages written right to left.
    public var naturalProgression: PageProgression {
        if let declaredProgression { return declaredProgression }
        return language?.isWrittenRightToLeft == true ? .rightToLeft : .leftToRight
    }

    /// The chapter a scalar offset is in (the last heading at or before it).
    public func chapter(at offset: Int) -> Chapter? {
        let after = chapters.partitioningIndex { $0.offset > offset }
        return after > 0 ? chapters[after - 1] : nil
    }
}
