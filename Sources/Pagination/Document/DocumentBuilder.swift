/// Writes a structured document's text and its `DocumentStructure` block by block, as the
/// reader of a format walks its tree (the EPUB reader, and any other format's).
///
/// White space is collapsed as CSS's `white-space: normal` collapses it (CSS Text 3 §4.1.1:
/// a run of spaces, tabs and line feeds is one space, none at a block's start or end); in a
/// preformatted block (`pre`) spaces are kept and each line feed starts a new block. The text
/// holds one line per block, so a block's LF is the only LF, and control characters (other
/// than those) and byte order marks are left out: the result is the normalized UTF-8 a
/// `BookText` takes.
public struct DocumentBuilder: Sendable {
    public private(set) var utf8: [UInt8] = []
    public internal(set) var structure = DocumentStructure()
    /// Scalars written so far: the offset of the next character (an anchor's place).
    public private(set) var scalarCount = 0
    /// Whether the block being written holds a character yet.
    private var blockHasText = false
    private var pendingSpace = false
    /// Whether every space collapsed into the pending one was generated text's (a `::before`
    /// string's own leading space): then the space is generated too.
    private var pendingSpaceGenerated = false
    /// Spaces of preformatted text not written yet (a line of spaces alone is no block).
    private var leadingSpaces = 0
    /// Whether the block being written holds a character that is not blank.
    private var blockHasInk = false
    /// Where the block being written started: its byte, scalar and italic ranges before it.
    private var blockStart = (byte: 0, scalar: 0, italics: 0)
    /// A preformatted blank line stood before the next block.
    private var blankLineBefore = false
    /// What the next block with text begins with (a list item's marker).
    var prefix: [UInt8] = []
    /// Whether the text appended now is bold, in small capitals, raised (superscript) or
    /// lowered (subscript), and the link it is in (set by the format's reader as it enters and
    /// leaves elements).
    public var bold = false
    public var smallCaps = false
    public var raised = false
    public var lowered = false
    /// Whether the text appended now is set smaller on the baseline (`FaceStyle.smaller`).
    public var smaller = false
    /// Whether the text appended now is floated to its line's left or right end (CSS `float`
    /// on an inline element), and whether no line may break inside it (`white-space: nowrap`).
    public var floatsLeft = false
    public var floatsRight = false
    public var unbreakable = false
    /// Whether the text appended now is set in the reader's monospaced face.
    public var monospace = false
    /// Whether a line may end between any two letters of the text appended now.
    public var breaksAnywhere = false
    /// The book's typeface the text appended now is set in: a number `typefaceNumber(_:)`
    /// gave, or 0 for the reader's faces.
    public var typeface = 0
    /// The room after each character of the text appended now (CSS `letter-spacing`), in ems
    /// of the reader's size.
    public var letterSpacing: Float = 0
    /// The element whose blocks are kept on one page now, when they fit on one (a number the
    /// format's reader gives each element with CSS `break-inside: avoid`; nil: none): each block
    /// begun while it is set keeps its lines together, and with the block before it when that
    /// one was begun in the same element.
    public var keepGroup: Int?
    /// The keep group of the last block written.
    private var lastKeepGroup: Int?
    /// What the block being written changed of the keeps before it, undone when it turns out
    /// to be blank and is taken back: the keep group before it, and whether the block before
    /// it was kept with the next.
    private var keepsBeforeBlock: (group: Int?, previousKeptWithNext: Bool) = (nil, false)
    /// The language the text appended now is in (a BCP 47 tag as the book wrote it; nil: the
    /// book's), as the format's reader found it on the element or its ancestors.
    public var language: String?
    /// The languages the text was told in so far (at most `mostLanguages`).
    private var languageTags: Set<String> = []
    /// The last language told and its normalized tag (most blocks are in their neighbour's).
    private var lastLanguage: (told: String?, tag: String?) = (nil, nil)
    public var link: String?
    /// Whether the text appended now is generated (set by `append(_:italic:generated:)`).
    private var generating = false
    private var italicStart: Int?
    /// The attributes of the last character written: a collapsed space is bold (or raised…)
    /// only between bold characters (as it is italic only inside italics).
    private var lastWritten = InlineSpans.Attributes()

    /// The attributes the text appended now carries.
    @inline(__always)
    private var attributes: InlineSpans.Attributes {
        let bits = (bold ? InlineSpans.Attributes.bold.rawValue : 0) | (smallCaps ? InlineSpans.Attributes.smallCaps.rawValue : 0)
            | (raised ? InlineSpans.Attributes.raised.rawValue : lowered ? InlineSpans.Attributes.lowered.rawValue : 0)
            | (generating ? InlineSpans.Attributes.generated.rawValue : 0)
            | (smaller ? InlineSpans.Attributes.smaller.rawValue : 0)
            | (floatsLeft ? InlineSpans.Attributes.floatsLeft.rawValue : floatsRight ? InlineSpans.Attributes.floatsRight.rawValue : 0)
            | (unbreakable ? InlineSpans.Attributes.unbreakable.rawValue : 0)
            | (monospace ? InlineSpans.Attributes.monospace.rawValue : 0)
            | (breaksAnywhere ? InlineSpans.Attributes.breaksAnywhere.rawValue : 0)
        return InlineSpans.Attributes(rawValue: bits)
    }
    private var role: DocumentStructure.Role = .paragraph
    private var breaksPage = false
    private var unindented = false
    private var style: DocumentStructure.Style?
    /// The role of the last block written, for the block after it.
    private var lastRole: DocumentStructure.Role?
    /// The table being written, when one is (`DocumentBuilder+Tables`).
    var openTable: OpenTable?
    /// The lines the next block's first letter sinks into as a drop cap (`dropCapNextLetter`).
    var pendingDropCap: UInt8?

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

    /// Starts a part of the book named `name` (an EPUB's spine document) at the next character.
    public mutating func beginPart(_ name: String) {
        endBlock()
        structure.parts.append(DocumentStructure.Part(start: utf8.count, name: name))
    }

    /// Makes the next block that holds text begin with `text` (a list item's marker, which goes
    /// on the line of the item's first paragraph, however deep it is), until `clearPrefix()`.
    public mutating func prefixNextBlock(_ text: String) {
        prefix = Array(text.utf8)
    }

    /// Forgets a prefix no block took (a list item without text).
    public mutating func clearPrefix() { prefix = [] }

    /// Ends the block being written; the text after it starts a paragraph.
    public mutating func endBlock() {
        if blockHasText && !blockHasInk {
            // Blank characters alone (U+3000) are no block: the typesetter would drop it, and
            // with it a page break it carries.
            closeItalic()
            utf8.removeSubrange(blockStart.byte...)
            structure.spans.truncate(to: blockStart.byte)
            scalarCount = blockStart.scalar
            structure.italics.removeSubrange(blockStart.italics...)
            while let last = structure.languages.last, last.start >= blockStart.byte { structure.languages.removeLast() }
            structure.blocks.removeLast()
            lastKeepGroup = keepsBeforeBlock.group
            if let last = structure.blocks.indices.last { structure.blocks[last].keepsWithNext = keepsBeforeBlock.previousKeptWithNext }
        } else if blockHasText {
            // A drop cap asked for a block that ended before its first letter is not carried on.
            pendingDropCap = nil
            closeItalic()
            structure.spans.closeAll(at: utf8.count)
            utf8.append(0x0A)
            scalarCount += 1
            lastRole = role
            breaksPage = false
        }
        blockHasText = false
        pendingSpace = false
        leadingSpaces = 0
        role = .paragraph
        unindented = false
        style = nil
    }

    /// Keeps the last block written on the page of the block after it (CSS `break-after: avoid`
    /// on it, `break-before: avoid` on the next).
    public mutating func keepLastBlockWithNext() {
        if let last = structure.blocks.indices.last { structure.blocks[last].keepsWithNext = true }
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
    /// `generated`: the text is the reader's, not the book's (a list marker, a `::before`
    /// string): shown, but left out of the book's own text (`DocumentStructure.generated`).
    public mutating func append(_ text: String, italic: Bool = false, generated: Bool = false) {
        var copy = text
        generating = generated
        copy.withUTF8 { append(utf8: $0, italic: italic) }
        generating = false
    }

    /// Appends the UTF-8 `bytes` (valid), in italics or not. Runs of ordinary characters are
    /// copied whole; white space, control characters and byte order marks are looked at one
    /// by one.
    public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>, italic: Bool) {
        let keepsSpaces = role == .preformatted
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A && keepsSpaces {
                // A line of preformatted text ends; an empty one stands for a blank line above
                // the next (a stanza's break).
                if !blockHasText { blankLineBefore = true }
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
                    leadingSpaces += 1
                } else if blockHasText {
                    pendingSpaceGenerated = (pendingSpace ? pendingSpaceGenerated : true) && generating
                    pendingSpace = true
                }
                i += 1
                continue
            }
            // A run of characters that need no look: not white space, not a control character
            // (C0, DEL, C1: U+0080–U+009F are C2 80–9F), not U+FEFF (EF BB BF).
            var end = i
            var scalars = 0
            while end < n {
                let c = bytes[end]
                // Printable ASCII, most of most books: one test.
                if c &- 0x21 < 0x5E {
                    scalars += 1
                    end += 1
                    continue
                }
                if c <= 0x20 || c == 0x7F {
                    // One space between two words is written with them, as the collapsed
                    // space it would become: a text's words are copied in one go.
                    guard c == 0x20, !keepsSpaces, end + 1 < n, Self.startsOrdinaryRun(bytes[end + 1]) else { break }
                    scalars += 1
                    end += 1
                    continue
                }
                if c == 0xC2 && end + 1 < n && bytes[end + 1] < 0xA0 { break }
                if c == 0xEF && end + 2 < n && bytes[end + 1] == 0xBB && bytes[end + 2] == 0xBF { break }
                if c & 0xC0 != 0x80 { scalars += 1 }
                end += 1
            }
            if end > i {
                write(UnsafeBufferPointer(rebasing: bytes[i..<end]), scalars: scalars, italic: italic, ink: true)
                i = end
                continue
            }
            // A control character or a byte order mark: not text.
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            i += length
        }
    }

    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>, scalars: Int, italic: Bool, ink: Bool) {
        if !blockHasText {
            let follows = style == nil && (lastRole == .heading || lastRole == .sceneBreak)
            var blockStyle = style
            if blankLineBefore { blockStyle?.spaceBefore = true }
            blankLineBefore = false
            if openTable != nil { enterCellForBlock() }
            blockStart = (utf8.count, scalarCount, structure.italics.count)
            if language != lastLanguage.told { lastLanguage = (language, language.flatMap(DocumentStructure.languageTag)) }
            noteLanguage(lastLanguage.tag, at: utf8.count)
            keepsBeforeBlock = (lastKeepGroup, structure.blocks.last?.keepsWithNext ?? false)
            if let group = keepGroup, group == lastKeepGroup { keepLastBlockWithNext() }
            lastKeepGroup = keepGroup
            structure.blocks.append(DocumentStructure.Block(
                start: utf8.count, role: role, breaksPage: breaksPage, unindented: unindented || follows, style: blockStyle,
                keepsLinesTogether: keepGroup != nil))
            blockHasText = true
            blockHasInk = false
            if !prefix.isEmpty {
                let marker = prefix
                prefix = []
                closeItalic()
                structure.spans.mark(at: utf8.count, .generated, link: nil)
                utf8.append(contentsOf: marker)
                scalarCount += marker.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            }
        } else if language != lastLanguage.told {
            // An inline element in another language (`<i xml:lang="fr">`), or the text after it.
            lastLanguage = (language, language.flatMap(DocumentStructure.languageTag))
            noteLanguage(lastLanguage.tag, at: utf8.count)
        }
        // Spaces kept in preformatted text, and a collapsed space, go before the characters.
        if leadingSpaces > 0 || pendingSpace {
            let count = max(leadingSpaces, pendingSpace ? 1 : 0)
            let spaceItalic = italic && (italicStart != nil || leadingSpaces > 0)
            if spaceItalic && italicStart == nil { italicStart = utf8.count }
            if !spaceItalic { closeItalic() }
            let continues = leadingSpaces > 0
            // A collapsed space carries what the text on both sides carries (it is bold only
            // between bold characters); it is generated only when generated text gave it.
            var kept = attributes.intersection(continues ? attributes : lastWritten)
            if !continues && pendingSpaceGenerated && attributes.contains(.generated) { kept.insert(.generated) }
            structure.spans.mark(at: utf8.count, kept, link: link, letterSpacing: letterSpacing, typeface: typeface)
            utf8.append(contentsOf: repeatElement(0x20, count: count))
            scalarCount += count
            leadingSpaces = 0
            pendingSpace = false
        }
        if pendingDropCap != nil, ink, !blockHasInk, !Self.isBlank(bytes) { takeDropCap(bytes, atBlockStart: utf8.count == blockStart.byte) }
        if italic && italicStart == nil { italicStart = utf8.count }
        if !italic { closeItalic() }
        structure.spans.mark(at: utf8.count, attributes, link: link, letterSpacing: letterSpacing, typeface: typeface)
        lastWritten = attributes
        utf8.append(contentsOf: bytes)
        scalarCount += scalars
        if ink && !blockHasInk { blockHasInk = !Self.isBlank(bytes) }
    }

    private mutating func closeItalic() {
        guard let start = italicStart else { return }
        if start < utf8.count { structure.italics.append(start..<utf8.count) }
        italicStart = nil
    }

    /// Appends what `piece` wrote (its open block ended): its text, blocks and italics moved
    /// to follow this builder's. This builder's open block is ended first.
    public mutating func append(_ piece: DocumentBuilder) {
        endBlock()
        var piece = piece
        piece.endBlock()
        while piece.openTable != nil { piece.endTable() }
        let bytes = utf8.count
        utf8.append(contentsOf: piece.utf8)
        scalarCount += piece.scalarCount
        for var block in piece.structure.blocks {
            block.start += bytes
            structure.blocks.append(block)
        }
        for range in piece.structure.italics { structure.italics.append(range.lowerBound + bytes..<range.upperBound + bytes) }
        structure.spans.append(piece.structure.spans, shift: bytes, typefaceNumbers: addTypefaces(of: piece.structure))
        structure.parts += piece.structure.parts.map { DocumentStructure.Part(start: $0.start + bytes, name: $0.name) }
        for var picture in piece.structure.pictures {
            picture.start += bytes
            structure.pictures.append(picture)
        }
        structure.dropCaps += piece.structure.dropCaps.map { DocumentStructure.DropCap(start: $0.start + bytes, end: $0.end + bytes, lines: $0.lines) }
        structure.tables += piece.structure.tables.map { $0.shifted(by: bytes) }
        // The piece starts in its own first language (the book's when it says none there); a
        // piece with no text changes nothing.
        var runs = piece.structure.languages
        if runs.first?.start != 0 { runs.insert(DocumentStructure.LanguageRun(start: 0, tag: nil), at: 0) }
        if !piece.utf8.isEmpty {
            for run in runs { noteLanguage(run.tag, at: run.start + bytes) }
        }
        if piece.lastRole != nil { lastRole = piece.lastRole }
    }

    /// The most languages a book's text is told in: text in any other is taken to be in the
    /// book's own (a crafted book's thousands of tags cost nothing).
    static let mostLanguages = 32

    /// From byte `start` on (a block's start) the text is in `tag` (nil: the book's): a run
    /// starts where the language changes, and one at the same byte is replaced.
    private mutating func noteLanguage(_ tag: String?, at start: Int) {
        var tag = tag
        if let known = tag, !languageTags.contains(known) {
            if languageTags.count < Self.mostLanguages { languageTags.insert(known) } else { tag = nil }
        }
        if let last = structure.languages.last, last.start >= start { structure.languages.removeLast() }
        if tag != (structure.languages.last?.tag ?? nil) {
            structure.languages.append(DocumentStructure.LanguageRun(start: start, tag: tag))
        }
    }

    /// The text and its structure (the block being written ended).
    public mutating func finish() -> (text: BookText, structure: DocumentStructure) {
        endBlock()
        while openTable != nil { endTable() }
        markBodyTypeface()
        return (BookText(normalizedUTF8: utf8), structure)
    }
}
