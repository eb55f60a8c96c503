import Fonts
import Pagination
import Reader

/// What `layout --json` tells of the book's own text beside the glyphs: each line's source
/// characters (what the line broke at included, generated text left out) and each run's
/// characters and attributes, for TXT and EPUB books alike.
struct LayoutSourceText {
    let book: Book
    /// The italic face's index in the set the page was shaped with, if it has one.
    let italicFace: Int?

    init(book: Book, fonts: FontSet) {
        self.book = book
        italicFace = fonts.harfBuzz.italicFace
    }

    /// The source characters of scalars `range`, in logical order, without generated ones.
    func text(_ range: Range<Int>) -> String {
        let text = book.text
        let lower = max(0, range.lowerBound), upper = min(text.scalarCount, range.upperBound)
        guard lower < upper else { return "" }
        guard let structure = book.structure, !structure.generated.isEmpty else { return text.string(lower..<upper) }
        let startByte = text.byteOffset(ofScalar: lower), endByte = text.byteOffset(ofScalar: upper)
        let generated = structure.generated.filter { $0.overlaps(startByte..<endByte) }
        guard !generated.isEmpty else { return text.string(lower..<upper) }
        var kept = String.UnicodeScalarView()
        var byte = startByte
        for scalar in text.string(lower..<upper).unicodeScalars {
            if !generated.contains(where: { $0.contains(byte) }) { kept.append(scalar) }
            byte += UTF8.width(scalar)
        }
        return String(kept)
    }

    /// A line's source text: its characters and, at the end of a block or paragraph, the
    /// line feed it broke at.
    func lineText(_ range: Range<Int>) -> String {
        let endsBlock = range.upperBound < book.text.scalarCount && book.text.scalar(at: range.upperBound) == 0x0A
        return text(range) + (endsBlock ? "\n" : "")
    }

    /// What a run of glyphs whose clusters are `clusters` (scalar offsets) says of its text:
    /// its characters (from its first cluster to the line's next cluster after its last, or
    /// the line's end), and the attributes of its first character (its language: its
    /// element's or its block's, when the book says one; runs are cut by style, not by language).
    func run(clusters: [Int], lineClusters: [Int], lineEnd: Int, font: Int)
        -> (text: String, italic: Bool, weight: Int, smallCaps: Bool, link: String?, lang: String?) {
        guard let first = clusters.min(), let last = clusters.max() else { return ("", false, 400, false, nil, nil) }
        let end = lineClusters.filter { $0 > last }.min() ?? lineEnd
        let structure = book.structure
        // The attributes of the run's first character of the book's own (not a list marker's).
        let own = clusters.sorted().first { offset in
            let b = book.text.byteOffset(ofScalar: offset)
            return !(structure?.generated.contains { $0.contains(b) } ?? false)
        } ?? first
        let byte = book.text.byteOffset(ofScalar: own)
        let style = structure?.faceStyle(atByte: byte) ?? (italicFace == font ? .italic : [])
        let link = structure?.links.first { $0.range.contains(byte) }?.href
        let lang = structure?.language(atByte: byte)
        return (text(first..<max(first, end)), style.contains(.italic), style.contains(.bold) ? 700 : 400,
                style.contains(.smallCaps), link, lang)
    }

    /// The part of the book (an EPUB's spine document) holding scalar `offset`, and `offset`
    /// counted from that part's start; nil for a book in one part.
    func part(at offset: Int) -> (item: String, offset: Int)? {
        guard let parts = book.structure?.parts, !parts.isEmpty else { return nil }
        let byte = book.text.byteOffset(ofScalar: offset)
        guard let part = parts.last(where: { $0.start <= byte }) ?? parts.first else { return nil }
        return (part.name, offset - book.text.scalarOffset(ofByte: part.start))
    }
}
