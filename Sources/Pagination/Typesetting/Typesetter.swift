@preconcurrency internal import Glibc

/// Cuts paragraphs into lines: UAX #14 break opportunities (with kinsoku), widths from the
/// shaped text (`GlyphShaper`, through a `ShapeCache`), total-fit or greedy filling, first-line
/// indents and hanging punctuation.
///
/// One `Typesetter` is reused for a whole book: it keeps scratch buffers (the paragraph's
/// scalars, their break actions and their shaped widths) so the hot loop allocates nothing.
public struct Typesetter {
    public let text: BookText
    public let settings: LayoutSettings
    /// The primary face's metrics (line height, ascent) and, without a shaper, the widths.
    public let advances: AdvanceTable
    public let shape: ParagraphShape
    /// The blocks and italics of a structured book (an EPUB), or nil for a TXT book, whose
    /// paragraphs and emphasis are found in its lines.
    public let structure: DocumentStructure?
    /// Shaped segments, kept for the whole book (lent by `ShapeCaches`; `finish()` returns it).
    public let shapes: ShapeCache
    let breaker: LineBreaker
    var scalars: [UInt32] = []
    var actions: [UInt8] = []
    /// Each scalar's share of the shaped width: a cluster's advance on its first scalar.
    var widths: [Float] = []
    /// Each scalar's bidi level, and the paragraph's (0 or 1), for the paragraph loaded last.
    var levels: [UInt8] = []
    var paragraphLevel: UInt8 = 0
    /// The paragraph level the block being loaded gives itself (a structured book's
    /// `Style.direction`), or nil to find it in the text (UAX #9 P2–P3).
    var blockLevel: UInt8?
    /// False when the block being loaded refuses hyphens (a structured book's `hyphens: none`).
    var blockHyphenates = true
    /// The language of the block being loaded when it is not the book's (a structured book's
    /// `xml:lang` or `lang`): its words are hyphenated by that language's patterns.
    var blockLanguage: ContentLanguage?
    /// For the text loaded last: each scalar's `FaceStyle` (its raw value; 0 for plain text:
    /// emphasis in `_underscores_` is italic), and whether any is styled.
    var styles: [UInt16] = []
    var hasStyles = false
    /// What segments are cut by (`ShapeSegments.end`'s levels): each scalar's bidi level in
    /// the low bits and its style above them (`segmentKey`).
    var segmentKeys: [UInt16] = []
    /// The scalars of the paragraph loaded last that no line may break inside (`white-space:
    /// nowrap`), in order; usually none.
    var unbreakableScalars: [Range<Int>] = []
    /// Whether the text holds an underscore (`textHasUnderscore`), once looked up.
    var underscoreInText: Bool?
    /// The paragraph being filled: a heading, a scene break or text (`book`).
    var kind: ParagraphKind = .text
    /// Whether the paragraph being filled follows a heading or a scene break (no indent).
    var unindented = false
    /// Whether the paragraph being filled is a verse line (or a title page's) after a blank
    /// line or the file's start: a stanza's first.
    var startsStanza = false
    let bidi = BidiLevels()
    /// The levels of the paragraph whose lines are being placed (`paragraphLevels(ofLineAt:)`).
    let paragraphBidi = ParagraphLevels()
    /// Whether the book's language is written right to left (a paragraph with no strong
    /// character then is too).
    let rightToLeftByDefault: Bool
    /// Whether a word of pair-kerned characters is measured from `advances` alone (see
    /// `AdvanceTable.isPairKerned`): the table's pairs were shaped without a language, so
    /// only for a book whose language sets Latin text the same way — unknown, English, or
    /// written in another script (`fastPathLanguages`).
    public var measuresPlainWordsFromTable: Bool
    /// Where an inline element of the paragraph loaded last sets another language than its
    /// block's (`<i xml:lang="fr">`): from scalar `start` on, `language` (nil: the book's).
    /// Usually none.
    var inlineLanguages: [(start: Int, language: ContentLanguage?)] = []
    /// The columns of the structure's tables, measured once each (`Typesetter+Tables`).
    let tableLayouts = TableLayouts()
    /// Where the line placed last put the pictures among its words (`Typesetter+InlinePictures`).
    let inlinePictureSink = InlinePictureSink()
    /// The patterns `book` lines are hyphenated with (`LayoutSettings.hyphenationPatterns`).
    var hyphenator: HyphenationPatterns? { patterns(for: blockLanguage) }
    /// The patterns of `language` (nil: the book's), when the reader hyphenates.
    func patterns(for language: ContentLanguage?) -> HyphenationPatterns? {
        guard let language else { return hyphenation.patterns }
        return settings.hyphenates ? blockLanguages.patterns(for: language) : nil
    }
    /// The patterns, read from the disk the first time a line needs them (a paragraph that
    /// total fit sets without hyphens never does).
    let hyphenation: LazyPatterns
    /// The hyphen's width once measured (`hyphenWidth()`; negative until then).
    var hyphenAdvance: Float = -1
    /// A word space's width once measured (`spaceWidth()`; negative until then).
    var spaceAdvance: Float = -1
    /// The storage total-fit breaking reuses from paragraph to paragraph.
    let totalFit = TotalFitScratch()
    /// Each block language's `ContentLanguage`, patterns and word points, worked out once.
    let blockLanguages = BlockLanguages()
    /// The points of the words hyphenated so far in the language of the block being loaded.
    var hyphenPoints: HyphenPointCache { blockLanguages.points(for: blockLanguage) }
    /// Whether adjacent fullwidth punctuation collapses (`PunctuationTrim`): in a Chinese or
    /// Japanese book.
    let trimsPunctuation: Bool
    /// Whether the stops and commas are centred (Traditional Chinese): middle marks.
    let centredStops: Bool
    /// A plain-text book's opening matter, set as a title page (`book` only).
    let titleMatter: TitleMatter?

    /// Languages whose Latin words fonts set as they set language-less text (no Latin
    /// `locl`): English, and languages written in other scripts. (A French, German, Spanish or
    /// Italian book's words are shaped in their language: a font may have forms for it.)
    static let fastPathLanguages: Set<String> = [
        "en", "zh", "ja", "ko", "he", "ar", "fa", "ur", "bn", "hi", "th", "ru", "uk", "el",
    ]

    /// The book's typefaces the shaper sets (`GlyphShaper.typefaceMask`): text marked with
    /// another is laid out as plain text.
    let typefaceMask: UInt8

    /// A typesetter measuring with `shaper`, or with `advances` alone (one glyph a scalar)
    /// when there is none.
    public init(text: BookText, settings: LayoutSettings, advances: AdvanceTable, shape: ParagraphShape? = nil,
                structure: DocumentStructure? = nil, shaper: (any GlyphShaper)? = nil) {
        self.text = text
        self.settings = settings
        self.advances = advances
        self.structure = structure
        self.shape = settings.preset == .plain || structure != nil
            ? .linePerParagraph : (shape ?? ParagraphShape.detect(in: text))
        self.breaker = LineBreaker(kinsoku: settings.kinsoku, language: settings.language)
        self.shapes = ShapeCaches.take(shaper: shaper ?? advances, language: settings.language)
        self.typefaceMask = shaper?.typefaceMask ?? 0
        self.rightToLeftByDefault = BidiLevels.isRightToLeft(settings.language)
        self.hyphenation = LazyPatterns(settings)
        self.trimsPunctuation = settings.language?.isChineseOrJapanese == true
        self.centredStops = settings.language?.isTraditionalChinese == true
        self.titleMatter = structure == nil && settings.preset == .book ? TitleMatter.find(in: text) : nil
        self.measuresPlainWordsFromTable = settings.language.map {
            Self.fastPathLanguages.contains(String($0.tag.prefix { $0 != "-" }))
        } ?? true
    }

    /// Gives the shaped words back to the process's caches for the next layout (the
    /// typesetter must not be used after).
    public func finish() { ShapeCaches.giveBack(shapes) }

    /// Where the paragraph that holds byte `byte` starts: the start of its line, or for
    /// re-flowed text the first line after the blank line before it.
    public func paragraphStart(containingByte byte: Int) -> TextPosition {
        // A table is set as a whole: its columns depend on all its cells. A paragraph beside a
        // floated picture is set with it.
        if let table = structure?.table(holding: byte)?.table {
            return TextPosition(byte: table.start, scalar: text.scalarOffset(ofByte: table.start))
        }
        if let structure, !structure.pictures.isEmpty, floatBeside(paragraphAtByte: byte) != nil {
            // (The picture is the block before the paragraph's.)
            let picture = structure.blocks[structure.blocks.partitioningIndex { $0.start > byte } - 2]
            return TextPosition(byte: picture.start, scalar: text.scalarOffset(ofByte: picture.start))
        }
        var start = text.lineStart(before: byte)
        if shape == .blankLineSeparated && !text.isBlankLine(at: start) {
            while start > 0 {
                let previous = text.lineStart(before: start - 1)
                if text.isBlankLine(at: previous) { break }
                start = previous
            }
        }
        return TextPosition(byte: start, scalar: text.scalarOffset(ofByte: start))
    }

    /// Typesets the paragraph (or blank line) that starts at `start`, a line start, and
    /// appends its lines. Returns the position after it and its final LF. A table that starts
    /// there is set whole, a line a row (`typesetTable`).
    @discardableResult
    public mutating func typesetParagraph(at start: TextPosition, into lines: inout [TypesetLine]) -> TextPosition {
        if let structure, !structure.tables.isEmpty, let (index, table) = structure.table(holding: start.byte),
           table.start == start.byte {
            return typesetTable(index, table, at: start, into: &lines)
        }
        return typesetBlock(at: start, into: &lines)
    }

    /// Typesets the paragraph or block that starts at `start` (one of a table's cells' too).
    mutating func typesetBlock(at start: TextPosition, into lines: inout [TypesetLine]) -> TextPosition {
        let n = text.utf8.count
        var contentEnd = text.lineContent(at: start.byte).upperBound
        let blank = text.utf8.withUnsafeBufferPointer { ParagraphShape.isBlank($0, start.byte..<contentEnd) }
        if blank {
            let scalars = text.utf8.withUnsafeBufferPointer { bytes in
                var count = 0
                for i in start.byte..<contentEnd where bytes[i] & 0xC0 != 0x80 { count += 1 }
                return count
            }
            // `plain` keeps empty lines as empty lines on the page; `book` drops blank lines.
            if settings.preset == .plain {
                lines.append(TypesetLine(start: Int32(start.scalar), end: Int32(start.scalar + scalars), width: 0,
                                         flags: [.paragraphStart, .paragraphEnd]))
            }
            let after = contentEnd < n ? 1 : 0
            return TextPosition(byte: contentEnd + after, scalar: start.scalar + scalars + after)
        }
        if let block = structure?.block(holding: start.byte), block.role == .picture, block.start == start.byte {
            return typesetPicture(block, at: start, contentEnd: contentEnd, into: &lines)
        }
        // A heading or a scene break is a line of its own: text after it without a blank line
        // (三国演义's chapters open with a poem) is the next paragraph.
        kind = paragraphKind(atLine: start.byte)
        unindented = kind == .text && followsHeadingOrBreak(start.byte)
        startsStanza = (kind == .verse || kind == .title) && structure == nil
            && (start.byte == 0 || text.isBlankLine(at: text.lineStart(before: start.byte - 1)))
        contentEnd = paragraphEnd(from: start.byte, kind: kind)
        let count = loadScalars(bytes: start.byte..<contentEnd)
        // A bracketed title breaks before its author (`TitleMatter`).
        if kind == .title, let at = titleMatter?.authorBreak, (start.byte..<contentEnd).contains(at) {
            let k = text.scalarOffset(ofByte: at) - start.scalar
            if k >= 0 && k < count { actions[k] = BreakAction.mandatory.rawValue }
        }
        let firstLine = lines.count
        fillLines(count: count, scalarStart: start.scalar, into: &lines)
        if kind == .title, firstLine < lines.count {
            let rows = settings.rows(forScale: TitleMatter.scale)
            for k in firstLine..<lines.count { lines[k].rows = rows }
        }
        if let block = structure?.block(holding: start.byte), firstLine < lines.count {
            // A block set larger takes more rows of the page's grid a line.
            if let scale = block.style?.fontScale, scale > 1 {
                let rows = settings.rows(forScale: scale)
                for k in firstLine..<lines.count { lines[k].rows = rows }
            }
            // Pages break between lines kept together only when they must (`PageSplitter`).
            if block.keepsLinesTogether {
                for k in firstLine..<lines.count - 1 { lines[k].flags.insert(.keepsWithNext) }
            }
            if block.keepsWithNext { lines[lines.count - 1].flags.insert(.keepsWithNext) }
        }
        let after = contentEnd < n ? 1 : 0
        return TextPosition(byte: contentEnd + after, scalar: start.scalar + count + after)
    }

    /// Where the paragraph of kind `kind` that starts at byte `start` (a line start) ends: the
    /// end of its line, or for re-flowed text the end of its last line before a blank line (a
    /// heading or a scene break is a line of its own).
    func paragraphEnd(from start: Int, kind: ParagraphKind) -> Int {
        let n = text.utf8.count
        var contentEnd = text.lineContent(at: start).upperBound
        if shape == .blankLineSeparated && kind == .text {
            while contentEnd < n {
                let next = text.lineContent(at: contentEnd + 1)
                if next.isEmpty || text.utf8.withUnsafeBufferPointer({ ParagraphShape.isBlank($0, next) }) { break }
                contentEnd = next.upperBound
            }
        }
        return contentEnd
    }

    /// The bytes of the paragraph that holds byte `byte`, as `typesetParagraph` cuts the text:
    /// a heading, a scene break or a verse line is a paragraph of its own; running text is
    /// the block's lines after those, up to a blank line.
    func paragraphBytes(holding byte: Int) -> Range<Int> {
        let line = text.lineStart(before: byte)
        let kind = paragraphKind(atLine: line)
        guard kind == .text else { return line..<paragraphEnd(from: line, kind: kind) }
        var start = paragraphStart(containingByte: byte).byte
        while start < line && paragraphKind(atLine: start) != .text {
            start = text.lineContent(at: start).upperBound + 1
        }
        return start..<paragraphEnd(from: start, kind: .text)
    }

    /// Whether the book holds an underscore at all (looked up once, with `memchr`): a book
    /// without one has no emphasis to look for when a line is placed.
    mutating func textHasUnderscore() -> Bool {
        if let known = underscoreInText { return known }
        let found = text.utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { memchr($0, 0x5F, bytes.count) != nil } ?? false
        }
        underscoreInText = found
        return found
    }

    /// Decodes the paragraph's UTF-8 into `scalars` (soft LFs become spaces), finds its
    /// break actions, marks its emphasis and measures it (`widths`). Returns the number of
    /// scalars. (Breaks are found with the underscores of emphasis still there: a line breaks
    /// around `_a phrase_` where it would around the underscores.)
    mutating func loadScalars(bytes range: Range<Int>) -> Int {
        let count = decodeScalars(bytes: range)
        let blockStyle = structure?.block(holding: range.lowerBound)?.style
        blockLevel = blockStyle?.direction.map { $0 == .rightToLeft ? 1 : 0 }
        blockHyphenates = blockStyle?.hyphenates ?? true
        blockLanguage = structure?.language(atByte: range.lowerBound).flatMap(blockLanguages.language)
            .flatMap { $0 == settings.language ? nil : $0 }
        findInlineLanguages(bytes: range)
        // A block in another language breaks by its own (CSS Text 3's Chinese and Japanese
        // tailorings apply to a Japanese block of an English book, and not the reverse).
        let breaker = blockLanguage.map { LineBreaker(kinsoku: settings.kinsoku, language: $0) } ?? self.breaker
        scalars.withUnsafeBufferPointer { s in
            actions.withUnsafeMutableBufferPointer { a in
                breaker.findBreaks(in: UnsafeBufferPointer(rebasing: s[0..<count]), into: a)
            }
        }
        if let structure, !structure.unbreakable.isEmpty {
            keepUnbreakableTextTogether(structure, bytes: range, count: count)
        } else if !unbreakableScalars.isEmpty {
            unbreakableScalars.removeAll(keepingCapacity: true)
        }
        if let structure, !structure.breaksAnywhere.isEmpty { letLinesBreakAnywhere(structure, bytes: range, count: count) }
        markEmphasis(bytes: range, paragraph: range, count: count)
        measure(count: count)
        if structure?.letterSpacing.isEmpty == false { addLetterSpacing(bytes: range, count: count) }
        if structure?.pictures.isEmpty == false { measureInlinePictures(bytes: range, count: count) }
        return count
    }

    /// Decodes UTF-8 into the `scalars` scratch buffer; returns the number of scalars.
    /// `insideParagraph`: the range starts a line of a paragraph, not the paragraph, so spaces
    /// at its start that indent a hard-wrapped line of the file decode as they did when the
    /// paragraph was measured (zero-width spaces, see `UTF8Scanner.decode`).
    mutating func decodeScalars(bytes range: Range<Int>, insideParagraph: Bool = false) -> Int {
        let byteCount = range.count
        if scalars.count < byteCount + 1 {
            scalars = [UInt32](repeating: 0, count: max(byteCount + 1, 1024))
            actions = [UInt8](repeating: 0, count: scalars.count)
            widths = [Float](repeating: 0, count: scalars.count)
            levels = [UInt8](repeating: 0, count: scalars.count)
            styles = [UInt16](repeating: 0, count: scalars.count)
            segmentKeys = [UInt16](repeating: 0, count: scalars.count)
        }
        let count = text.utf8.withUnsafeBufferPointer { bytes in
            scalars.withUnsafeMutableBufferPointer { out in
                UTF8Scanner.decode(bytes, range, into: out, softLineFeeds: true,
                                   inLineIndent: insideParagraph && UTF8Scanner.followsLineFeed(bytes, range.lowerBound))
            }
        }
        return count
    }
}
