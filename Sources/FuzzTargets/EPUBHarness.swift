import EPUB
import Pagination

/// Opens arbitrary bytes as an EPUB, whole (a ZIP), or as one part of an otherwise sound book
/// (its package document, or a spine document), and checks what a reader relies on: a refusal
/// is one line; a book that opens has its blocks in order on line starts, its italics inside
/// the text, its documents and contents pointing inside it, and pages that keep `PageMap`'s
/// promises.
enum EPUBHarness {
    enum Part { case zip, package, document }

    static let container = Array("""
        <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """.utf8)
    static let package = Array("""
        <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title><dc:language>en</dc:language>
        <dc:identifier id="id">x</dc:identifier></metadata>
        <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest>
        <spine><itemref idref="a"/><itemref idref="nav" linear="no"/></spine></package>
        """.utf8)
    static let document = Array("""
        <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><h1 id="h">Title</h1>
        <p>A <em>short</em> text.<br/>And a line.</p><hr/><pre>kept
          as is</pre><ol><li>one</li></ol></body></html>
        """.utf8)
    /// A document whose style sheet floats, keeps and sets apart: line numbers floated right,
    /// a word floated left, text that must not wrap, a stanza kept together, a heading kept
    /// with the next, a centred last line, words in other languages.
    static let styledDocument = Array("""
        <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><style>
        .n { float: right } .l { float: left } abbr { white-space: nowrap } .s { break-inside: avoid }
        h2 { break-after: avoid } p.c { text-align: justify; text-align-last: center }
        </style></head><body><h2>Head</h2><div class="s"><p>A line<span class="n">10</span></p><p>And <span class="l">L</span>
        another <abbr>M. D.</abbr> line<br/>broken</p></div><p class="c">Words <i xml:lang="fr">en français</i> and
        <span lang="ru">по-русски</span> to close.</p></body></html>
        """.utf8)
    static let navigation = Array("""
        <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <body><nav epub:type="toc"><ol><li><a href="a.xhtml#h">Title</a></li></ol></nav></body></html>
        """.utf8)
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)

    static func run(_ bytes: [UInt8], as part: Part) throws(FuzzFinding) {
        let opened: Result<EPUBBook, EPUBError>
        switch part {
        case .zip:
            opened = Result { () throws(EPUBError) in try EPUBBook.open(zipBytes: bytes) }
        case .package, .document:
            var files = ["META-INF/container.xml": container, "OEBPS/content.opf": package, "OEBPS/a.xhtml": document,
                         "OEBPS/nav.xhtml": navigation]
            files[part == .package ? "OEBPS/content.opf" : "OEBPS/a.xhtml"] = bytes
            opened = Result { () throws(EPUBError) in try EPUBBook.open(files: files) }
        }
        switch opened {
        case .failure(let error): try expectOneLine(error.description, "EPUB refusal")
        case .success(let book): try check(book)
        }
    }

    static func check(_ book: EPUBBook) throws(FuzzFinding) {
        let text = book.text, structure = book.structure
        var previous = -1
        for block in structure.blocks {
            try expect(block.start > previous && block.start < text.utf8.count, "block at \(block.start) after \(previous)")
            try expect(block.start == 0 || text.utf8[block.start - 1] == 0x0A, "block at \(block.start) is not on a line start")
            previous = block.start
        }
        try expect(text.utf8.isEmpty || text.utf8.last == 0x0A, "the text does not end its last block")
        var italicEnd = 0
        for range in structure.italics {
            try expect(range.lowerBound >= italicEnd && range.upperBound <= text.utf8.count && !range.isEmpty,
                       "italics \(range) out of order or outside the text")
            italicEnd = range.upperBound
        }
        var documentStart = 0
        for document in book.documents {
            try expect(document.offset >= documentStart && document.offset <= text.scalarCount,
                       "document \(document.path) at \(document.offset)")
            documentStart = document.offset
        }
        for entry in book.contents + book.pageList {
            try expect((entry.offset ?? 0) <= text.scalarCount, "contents entry at \(entry.offset ?? 0) past the text")
            try expectOneLine(entry.title, "a contents title")
        }
        let settings = LayoutSettings(pageWidth: 300, pageHeight: 400, margin: 10, fontSize: 16)
        let map = Paginator(text: text, settings: settings, advances: advances, structure: structure).paginate()
        try PageMapChecks.check(map, "EPUB")
    }
}

extension EPUBHarness {
    /// Whole EPUBs: the sound one, one whose first entry is not `mimetype`, one cut short.
    static var zipSeeds: [(name: String, bytes: [UInt8])] {
        var zip = ZipWriter()
        zip.add("mimetype", Array("application/epub+zip".utf8), method: .stored)
        for (name, bytes) in [("META-INF/container.xml", container), ("OEBPS/content.opf", package),
                              ("OEBPS/a.xhtml", document), ("OEBPS/nav.xhtml", navigation)] {
            zip.add(name, bytes)
        }
        var misplaced = ZipWriter()
        misplaced.add("META-INF/container.xml", container)
        misplaced.add("mimetype", Array("application/epub+zip".utf8), method: .stored)
        let sound = zip.bytes
        return [("sound", sound), ("mimetype second", misplaced.bytes), ("cut short", Array(sound.prefix(sound.count / 2)))]
    }
}

extension EPUBHarness {
    /// The key the cache seeds are written under (any: the harness reads with the same).
    static let cacheKey: UInt64 = 0x5EED

    /// Reads the bytes as a book cache file: refused, or a book that keeps the promises a
    /// book read from an EPUB keeps (`check`).
    static func runCache(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let book = EPUBCache.book(fromFileBytes: bytes, key: cacheKey) else { return }
        try check(book)
    }

    /// A cache file of the sound seed book, whole and cut short.
    static var cacheSeeds: [(name: String, bytes: [UInt8])] {
        guard let sound = zipSeeds.first?.bytes, let book = try? EPUBBook.open(zipBytes: sound) else { return [] }
        let file = EPUBCache.fileBytes(of: book, key: cacheKey)
        return [("written", file), ("cut short", Array(file.prefix(file.count / 2)))]
    }
}
