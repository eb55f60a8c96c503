import EPUB
import FileWriting
import Fonts
import PageTurner
import Pagination
import Reader
import TextDecoding

/// The `--json` document of `paginate`: the book's size and encoding, where each page and
/// each line starts (scalar offsets), its chapters (title, offset, the page holding it, from
/// 0, and the heading's level), and the faces it was set in (`"fonts"`: each face's family,
/// file and index in the file, the text face first, then the fallbacks in the order they are
/// tried, then the text face's italic when the book marks emphasis); for an EPUB its
/// metadata, spine and contents (`EPUBPaginationJSON`).
///
/// Written as it is made (`JSONStreamWriter`), never held whole: a book of a million and a
/// half one-line chapters writes 140 MB of JSON in the memory its pages take. The bytes are
/// `JSONDocument`'s: keys sorted, nothing between tokens.
struct PaginationJSON {
    let chars: Int
    let encoding: String
    let map: PageMap
    let chapters: [Chapter]
    let faces: [FontFace]
    /// An EPUB's metadata, spine and contents, each as JSON (nil for a TXT book).
    let epub: (metadata: String, spine: String, contents: String)?

    init(chars: Int, encoding: String, map: PageMap, chapters: [Chapter], faces: [FontFace], epub: EPUBBook?,
         progression: PageProgression = .leftToRight, shownTitle: String? = nil) throws {
        self.chars = chars
        self.encoding = encoding
        self.map = map
        self.chapters = chapters
        self.faces = faces
        self.epub = try epub.map { book in
            let added = EPUBPaginationJSON(book, map: map, progression: progression, shownTitle: shownTitle)
            return (try JSONDocument.encode(added.metadata), try JSONDocument.encode(added.spine),
                    try JSONDocument.encode(added.contents))
        }
    }

    /// Writes the document, its keys in order.
    func write(_ out: inout JSONStreamWriter) {
        out.raw("{\"chapters\":[")
        for (k, chapter) in chapters.enumerated() {
            out.raw(k == 0 ? "{\"level\":" : ",{\"level\":")
            out.raw(String(chapter.level))
            out.raw(",\"offset\":")
            out.raw(String(chapter.offset))
            out.raw(",\"page\":")
            out.raw(String(map.page(containing: chapter.offset)))
            out.raw(",\"title\":")
            out.string(chapter.title)
            out.raw("}")
        }
        out.raw("],\"chars\":")
        out.raw(String(chars))
        if let epub {
            out.raw(",\"contents\":")
            out.raw(epub.contents)
        }
        out.raw(",\"encoding\":")
        out.string(encoding)
        out.raw(",\"fonts\":[")
        for (k, face) in faces.enumerated() {
            out.raw(k == 0 ? "{\"family\":" : ",{\"family\":")
            out.string(face.familyName)
            out.raw(",\"index\":")
            out.raw(String(face.faceIndex))
            out.raw(",\"path\":")
            out.string(face.path)
            out.raw("}")
        }
        out.raw("],\"lines\":[")
        for (k, line) in map.lines.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw(String(line.start))
        }
        out.raw("]")
        if let epub {
            out.raw(",\"metadata\":")
            out.raw(epub.metadata)
        }
        out.raw(",\"pages\":[")
        for (k, start) in map.pageStarts.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw(String(start))
        }
        out.raw("]")
        if let epub {
            out.raw(",\"spine\":")
            out.raw(epub.spine)
        }
        out.raw("}")
    }
}

/// JSON written a piece at a time to an `OutputSink`, in blocks of 64 KiB, its strings escaped
/// as Foundation's encoder escapes them (`JSONString`), so a streamed document reads byte for
/// byte as an encoded one.
struct JSONStreamWriter {
    private let sink: OutputSink
    private var buffer = ""

    init(_ sink: OutputSink) {
        self.sink = sink
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends JSON text as it is.
    mutating func raw(_ text: String) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    /// Appends `text` as a JSON string.
    mutating func string(_ text: String) { raw(JSONString.quoted(text)) }

    /// Hands what is buffered to the sink.
    mutating func flush() {
        sink.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
