import EPUB
import Pagination
import Reader
import TextDecoding

/// The text `paginate` lays out: a TXT book decoded, or an EPUB's text and structure.
struct PaginatedSource {
    let text: BookText
    /// What the text was decoded from: the TXT's encoding, or "EPUB".
    let encoding: String
    /// Undecodable byte sequences replaced (a TXT book's).
    let replacementCount: Int
    /// The EPUB and its `Book` (structure, contents, language), when the file is one.
    let epub: EPUBBook?
    let book: Book?

    /// An EPUB comes from (and goes to) the book cache (`EPUBCache`).
    static func open(path: String, encoding: String?) throws -> PaginatedSource {
        if EPUBLoading.isEPUB(path) {
            let epub = try EPUBLoading.open(path: path)
            return PaginatedSource(text: epub.text, encoding: "EPUB", replacementCount: 0, epub: epub,
                                   book: EPUBLoading.book(of: epub, path: path))
        }
        let decoded = try BookLoading.load(path: path, encoding: encoding)
        return PaginatedSource(text: BookText(decoded: decoded), encoding: decoded.encoding,
                               replacementCount: decoded.replacementCount, epub: nil, book: nil)
    }
}

/// What `paginate --json` adds for an EPUB: its metadata, its spine (each document's path and
/// first page) and its contents (each entry's title, level, href and page).
struct EPUBPaginationJSON: Encodable {
    struct Metadata: Encodable {
        var title: String?
        var creators: [String]
        var language: String?
        var direction: String?
        /// The title's and the first creator's base direction ("ltr", "rtl"; absent: from
        /// their first strong character).
        var titleDirection: String?
        var creatorDirection: String?
        /// The title as the reader shows it (isolated in its direction when it has one).
        var shownTitle: String?
        /// The page progression the reader reads the book in: the one it declares, else its
        /// language's (`Book.naturalProgression`): "ltr" or "rtl".
        var progression: String
    }

    struct SpineEntry: Encodable {
        var href: String
        var offset: Int
        var page: Int
        var linear: Bool
    }

    struct ContentsEntry: Encodable {
        var title: String
        var level: Int
        var href: String
        var page: Int?
    }

    var metadata: Metadata
    var spine: [SpineEntry]
    var contents: [ContentsEntry]

    init(_ epub: EPUBBook, map: PageMap, progression: PageProgression, shownTitle: String?) {
        metadata = Metadata(title: epub.metadata.title, creators: epub.metadata.creators, language: epub.metadata.language,
                            direction: epub.metadata.pageProgression ?? epub.metadata.direction,
                            titleDirection: epub.metadata.titleDirection, creatorDirection: epub.metadata.creatorDirection,
                            shownTitle: shownTitle, progression: progression.rawValue)
        spine = epub.documents.map {
            SpineEntry(href: $0.path, offset: $0.offset, page: map.page(containing: $0.offset), linear: $0.linear)
        }
        contents = epub.contents.map { entry in
            ContentsEntry(title: entry.title, level: entry.level, href: entry.href,
                          page: entry.offset.map { map.page(containing: $0) })
        }
    }
}
