/// Writes a structured document's text and its `DocumentStructure` block by block, as the
/// reader of a format walks its tree (the EPUB reader, and any other format's).
///
/// White space is collapsed as CSS's `white-space: normal` collapses it (CSS Text 3 §4.1.1:
/// a run of spaces, tabs and line feeds is one space, none at a block's start or end); in a
/// preformatted block (`pre`) spaces are kept and each line feed starts a new block. The text
/// holds one line per block, so a block's LF is the only LF, and control characters (other
/// than those) and byte order marks are left out: the result is the normalized UTF-8 a
/// `BookText` takes.
public struct DocumentBuilder {
    public private(set) var utf8: [UInt8] = []
    public private(set) var structure = DocumentStructure()
    /// Scalars written so far: the offset of the next character (an anchor's place).
    public private(set) var scalarCount = 0
    /// Whether the block being written holds a character yet.
    private var blockHasText = false
    private var pendingSpace = false
    private var italicStart: Int?
    private var role: DocumentStructure.Role = .paragraph
    private var breaksPage = false
    private var unindented = false
    private var style: DocumentStructure.Style?
    /// The role of the last block written, for the block after it.
    private var lastRole: DocumentStructure.Role?

    public init() {}

    /// Ends the block being written (if it holds text) and makes the next one `role`, set as
    /// `style` says (nil: as the role sets a TXT book's paragraphs). The next block breaks the
    /// page after `breakPage()`; it is unindented when `unindented` is set or, without a
    /// style, when it follows a heading or a scene break.
    public mutating func beginBlock(_ role: DocumentStructure.Role, unindented: Bool = false,
                                    style: DocumentStructure.Style? = nil) {
        endBlock()
        self.role = role
        self.unindented = unindented
        self.style = style
    }

    /// Ends the block being written; the text after it starts a paragraph.
    public mutating func endBlock() {
        if blockHasText {
            closeItalic()
            utf8.append(0x0A)
            scalarCount += 1
            lastRole = role
            breaksPage = false
        }
        blockHasText = false
        pendingSpace = false
        role = .paragraph
        unindented = false
        style = nil
    }

    /// Makes the next block start a new page (a new spine document).
    public mutating func breakPage() {
        endBlock()
        breaksPage = true
        lastRole = nil
    }

    /// Ends the line inside a paragraph (`<br>`): the text after it is a block of the same
    /// role, unindented.
    public mutating func lineBreak() {
        let current = role, currentStyle = style
        let hadText = blockHasText
        endBlock()
        if hadText {
            role = current
            unindented = true
            style = currentStyle.map { Self.continuation(of: $0) }
        }
    }

    /// The style of a paragraph's part after a line break: no space above it.
    private static func continuation(of style: DocumentStructure.Style) -> DocumentStructure.Style {
        var next = style
        next.spaceBefore = false
        return next
    }

    /// Appends `text` (valid UTF-8), in italics or not.
    public mutating func append(_ text: String, italic: Bool = false) {
        var copy = text
        copy.withUTF8 { append(utf8: $0, italic: italic) }
    }

    /// Appends the UTF-8 `bytes` (valid), in italics or not.
    public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>, italic: Bool) {
        let keepsSpaces = role == .preformatted
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A && keepsSpaces {
                let kept = role, keptStyle = style
                endBlock()
                role = kept
                unindented = true
                style = keptStyle.map { Self.continuation(of: $0) }
                i += 1
                continue
            }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                if keepsSpaces {
                    write([0x20], italic: italic)
                } else if blockHasText {
                    pendingSpace = true
                }
                i += 1
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            guard i + length <= bytes.count else { break }
            // Control characters and U+FEFF are not text.
            let control = b < 0x20 || b == 0x7F || (b == 0xC2 && bytes[i + 1] < 0xA0)
            let byteOrderMark = b == 0xEF && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF
            if !control && !byteOrderMark {
                if pendingSpace {
                    write([0x20], italic: italic && italicStart != nil)
                    pendingSpace = false
                }
                write(UnsafeBufferPointer(rebasing: bytes[i..<i + length]), italic: italic)
            }
            i += length
        }
    }

    private mutating func write<C: Collection<UInt8>>(_ bytes: C, italic: Bool) {
        if !blockHasText {
            let follows = style == nil && (lastRole == .heading || lastRole == .sceneBreak)
            structure.blocks.append(DocumentStructure.Block(
                start: utf8.count, role: role, breaksPage: breaksPage, unindented: unindented || follows, style: style))
            blockHasText = true
        }
        if italic && italicStart == nil { italicStart = utf8.count }
        if !italic { closeItalic() }
        utf8.append(contentsOf: bytes)
        scalarCount += 1
    }

    private mutating func closeItalic() {
        guard let start = italicStart else { return }
        if start < utf8.count { structure.italics.append(start..<utf8.count) }
        italicStart = nil
    }

    /// The text and its structure (the block being written ended).
    public mutating func finish() -> (text: BookText, structure: DocumentStructure) {
        endBlock()
        return (BookText(normalizedUTF8: utf8), structure)
    }
}
