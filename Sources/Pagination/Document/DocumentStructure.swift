/// The structure of a book that is not a plain TXT file (an EPUB): what each of its blocks is,
/// where the pages must break, which characters are in italics, and where its documents and
/// anchors start. The text itself is a `BookText` holding one line per block (its LF ends the
/// block), as `DocumentBuilder` writes it.
///
/// A TXT book has no structure: its paragraphs, headings and verse are found in its lines
/// (`ParagraphShape`, `ParagraphKind`). A book with one is laid out a line a paragraph, each
/// block taking its kind from here, by the same typesetter and page splitter.
public struct DocumentStructure: Sendable, Hashable {
    /// What a block is, for the typesetter: how it is set and where it goes on a page.
    public enum Role: UInt8, Sendable, Hashable {
        /// Running text: indented unless it follows a heading or a break, justified.
        case paragraph
        /// A heading (`h1`–`h6`): centred, kept with what follows.
        case heading
        /// A thematic break (`hr`): a centred mark with a line's space around it.
        case sceneBreak
        /// A line kept as it is written (`pre`, a line of verse): never justified, indented
        /// by its leading spaces.
        case preformatted
        /// A picture (`Picture`): its text is one U+FFFC, its height whole rows of the grid.
        case picture
    }

    /// How a block is set: what a style sheet (the format's reader's cascade) decided of its
    /// alignment, indent, side margins and the space above it. Lengths are in ems of the
    /// reader's font size, so that the user's size scales them.
    public struct Style: Sendable, Hashable {
        public enum Alignment: UInt8, Sendable, Hashable {
            /// Justified in `book` (the reader's justification rules: CSS `start`, `left` and
            /// `justify` alike), ragged otherwise.
            case justified
            case centered
            /// At the end side (the right in a left-to-right paragraph).
            case end
        }

        public var alignment: Alignment
        /// How the block's last line is set when a style sheet sets it apart (CSS
        /// `text-align-last`); nil: as a book sets it (a justified block's ends ragged at the
        /// start side, the others as their other lines).
        public var lastLine: LastLine?

        /// A last line's alignment: `justified` stretches it to the measure as the others.
        public enum LastLine: UInt8, Sendable, Hashable { case start, centered, end, justified }
        /// The first line's indent (negative: it hangs out into the start inset).
        public var indent: Float
        /// The block's inset from the text block's start and end sides (margins and padding).
        public var startInset: Float
        public var endInset: Float
        /// A line's space above the block (its collapsed margins), unless at a page's top.
        public var spaceBefore: Bool
        /// The block's font size in ems of the reader's size (a heading's 1.5): its text is
        /// set this much larger, its lines taking whole lines of the page's grid
        /// (`LayoutSettings.rows(forScale:)`). Kept within `fontScales`.
        public var fontScale: Float

        /// The block's paragraph direction (CSS `direction`, HTML `dir`), or nil to take it
        /// from its text (UAX #9 rules P2–P3).
        public var direction: Direction?
        /// False when the block must not be hyphenated (`hyphens: none`, as books set their
        /// headings); otherwise the reader's hyphenation setting rules.
        public var hyphenates: Bool

        /// A paragraph direction a block gives itself (UAX #9's paragraph level 0 or 1).
        public enum Direction: UInt8, Sendable, Hashable { case leftToRight, rightToLeft }

        /// The sizes a block may take, in ems of the reader's size: a book's `font-size: 1e9em`
        /// stops at four times the reader's size, a tiny one at half of it.
        public static let fontScales: ClosedRange<Float> = 0.5...4

        public init(alignment: Alignment = .justified, indent: Float = 0, startInset: Float = 0, endInset: Float = 0,
                    spaceBefore: Bool = false, fontScale: Float = 1, direction: Direction? = nil, hyphenates: Bool = true,
                    lastLine: LastLine? = nil) {
            self.lastLine = lastLine
            self.direction = direction
            self.hyphenates = hyphenates
            self.alignment = alignment
            self.indent = indent
            self.startInset = startInset
            self.endInset = endInset
            self.spaceBefore = spaceBefore
            self.fontScale = fontScale.isFinite ? min(max(fontScale, Self.fontScales.lowerBound), Self.fontScales.upperBound) : 1
        }
    }

    /// One block: a line of the text.
    public struct Block: Sendable, Hashable {
        /// The byte where the block starts in the text (a line start).
        public var start: Int
        public var role: Role
        /// The block starts a page (the first of each of an EPUB's spine documents).
        public var breaksPage: Bool
        /// The block goes on a paragraph a line break (`<br>`) ended, or follows a heading or
        /// a break: its first line is not indented.
        public var unindented: Bool
        /// How it is set, when a style sheet said (nil: as the role sets a TXT book's kind).
        public var style: Style?
        /// Its lines go on one page when they fit on one (CSS `break-inside: avoid`).
        public var keepsLinesTogether: Bool
        /// Its last line goes on the page of the next block's first (CSS `break-after: avoid`,
        /// or the blocks of one element that avoids breaks inside it).
        public var keepsWithNext: Bool

        public init(start: Int, role: Role, breaksPage: Bool = false, unindented: Bool = false, style: Style? = nil,
                    keepsLinesTogether: Bool = false, keepsWithNext: Bool = false) {
            self.start = start
            self.role = role
            self.breaksPage = breaksPage
            self.unindented = unindented
            self.style = style
            self.keepsLinesTogether = keepsLinesTogether
            self.keepsWithNext = keepsWithNext
        }
    }

    /// The blocks in text order (their `start`s increase).
    public internal(set) var blocks: [Block] = []
    /// The byte ranges set in italics, in text order, none overlapping.
    public internal(set) var italics: [Range<Int>] = []
    /// The byte ranges in bold, in a link, and generated (list markers, `::before`/`::after`
    /// strings: not the book's own text), in text order.
    var spans = InlineSpans()
    public var bold: [Range<Int>] { spans[.bold] }
    public var smallCaps: [Range<Int>] { spans[.smallCaps] }
    /// Superscript and subscript: set smaller, above or below the baseline.
    public var raised: [Range<Int>] { spans[.raised] }
    public var lowered: [Range<Int>] { spans[.lowered] }
    /// Text set smaller on the baseline (`FaceStyle.smaller`).
    public var smaller: [Range<Int>] { spans[.smaller] }
    public var generated: [Range<Int>] { spans[.generated] }
    /// Text floated to its line's left or right end (CSS `float` on an inline element).
    public var floatedLeft: [Range<Int>] { spans[.floatsLeft] }
    public var floatedRight: [Range<Int>] { spans[.floatsRight] }
    /// Text no line may break inside (CSS `white-space: nowrap`).
    public var unbreakable: [Range<Int>] { spans[.unbreakable] }
    /// Text set in the reader's monospaced face (CSS `font-family: monospace`).
    public var monospace: [Range<Int>] { spans[.monospace] }
    /// Text whose lines may end between any two letters (CSS `word-break: break-all`).
    public var breaksAnywhere: [Range<Int>] { spans[.breaksAnywhere] }
    public var links: [Link] { spans.links }
    /// The book's own typefaces (CSS `@font-face` families its text is set in), at most
    /// `FaceStyle.typefaceLimit`, and the text set in each.
    public internal(set) var typefaces: [Typeface] = []
    public var typefaceRanges: [TypefaceRange] { spans.typefaces }
    /// The text set with room after each character (CSS `letter-spacing`), in text order.
    public var letterSpacing: [LetterSpacing] { spans.spacings }
    /// The book's pictures, in text order (each the one U+FFFC of a `picture` block).
    public internal(set) var pictures: [Picture] = []
    /// Paragraphs' first letters set as drop caps, in text order.
    public internal(set) var dropCaps: [DropCap] = []
    /// The book's tables, in text order, none inside another (`Table`).
    public internal(set) var tables: [Table] = []
    /// Where each of the book's parts (an EPUB's spine documents) starts, by its name.
    public internal(set) var parts: [Part] = []
    /// Where the text's language changes, at block starts and where an inline element sets
    /// another, in text order (none: the book's throughout).
    public internal(set) var languages: [LanguageRun] = []

    /// From `start` on (a block's first byte, or an inline element's), the text is in `tag` (a BCP 47 tag as the book
    /// wrote it: its element's `xml:lang` or `lang`), or in the book's language when nil.
    public struct LanguageRun: Sendable, Hashable {
        public var start: Int
        public var tag: String?
    }

    /// The longest language tag kept (BCP 47 allows 35 characters for the tags in use).
    static let longestLanguageTag = 35

    /// `tag` (BCP 47) as the layout uses it: lower case, its language and its script or
    /// region (`zh-hant`, `en-gb`; private use and extensions dropped); nil when it names no
    /// language.
    static func languageTag(_ tag: String) -> String? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).prefix(2)
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy({ $0 >= "a" && $0 <= "z" })
        else { return nil }
        guard parts.count == 2, let second = parts.last, [2, 3, 4].contains(second.count),
              second.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }) else { return String(primary) }
        return primary + "-" + second
    }

    /// The language the text at byte `byte` is in, when the book said one.
    public func language(atByte byte: Int) -> String? {
        let after = languages.partitioningIndex { $0.start > byte }
        return after > 0 ? languages[after - 1].tag : nil
    }

    /// A link: the bytes it covers and where it leads (as the book wrote it, resolved by the
    /// format's reader: `path#fragment`, or an external URL).
    public struct Link: Sendable, Hashable {
        public var range: Range<Int>
        public var href: String
    }

    /// Text set with `ems` (of the reader's size) of room after each character.
    public struct LetterSpacing: Sendable, Hashable {
        public var range: Range<Int>
        public var ems: Float
    }

    /// A part of the book: its first byte and its name.
    public struct Part: Sendable, Hashable {
        public var start: Int
        public var name: String
    }

    public init() {}

    /// The block that holds byte `byte` (the last that starts at or before it), or nil before
    /// the first.
    public func block(holding byte: Int) -> Block? {
        let after = blocks.partitioningIndex { $0.start > byte }
        return after > 0 ? blocks[after - 1] : nil
    }

    /// For each style a structure marks (italic, bold, small capitals), its ranges that meet
    /// the bytes `range`.
    func styleRanges(meeting range: Range<Int>) -> [(style: FaceStyle, ranges: ArraySlice<Range<Int>>)] {
        [(.italic, Self.ranges(italics, meeting: range)), (.bold, Self.ranges(bold, meeting: range)),
         (.smallCaps, Self.ranges(smallCaps, meeting: range)), (.raised, Self.ranges(raised, meeting: range)),
         (.lowered, Self.ranges(lowered, meeting: range)), (.smaller, Self.ranges(smaller, meeting: range)),
         (.monospace, Self.ranges(monospace, meeting: range))] + typefaceRanges(meeting: range)
    }

    /// The ranges of `list` (in order, none overlapping) that meet `range`.
    static func ranges(_ list: [Range<Int>], meeting range: Range<Int>) -> ArraySlice<Range<Int>> {
        let lo = list.partitioningIndex { $0.upperBound > range.lowerBound }
        var end = lo
        while end < list.count && list[end].lowerBound < range.upperBound { end += 1 }
        return list[lo..<end]
    }

    /// The styles the text is set in anywhere (italic when any text is, and so on): which
    /// faces the book needs.
    public var faceStyles: FaceStyle {
        var styles = FaceStyle()
        if !italics.isEmpty { styles.insert(.italic) }
        if !bold.isEmpty { styles.insert(.bold) }
        if !smallCaps.isEmpty { styles.insert(.smallCaps) }
        if !monospace.isEmpty { styles.insert(.monospace) }
        return styles
    }

    /// The styles `structure` sets the byte `byte` in.
    public func faceStyle(atByte byte: Int) -> FaceStyle {
        var style = FaceStyle()
        for (s, ranges) in styleRanges(meeting: byte..<byte + 1) where ranges.contains(where: { $0.contains(byte) }) {
            style.insert(s)
        }
        return style
    }

    /// A digest of the structure, for the page cache's key (the same text with other blocks
    /// is laid out otherwise).
    public var digest: UInt64 {
        var h = StableHasher()
        for block in blocks {
            h.combine(UInt64(block.start))
            h.combine(UInt64(block.role.rawValue) | (block.breaksPage ? 0x100 : 0) | (block.unindented ? 0x200 : 0)
                      | (block.keepsLinesTogether ? 0x400 : 0) | (block.keepsWithNext ? 0x800 : 0))
            if let style = block.style {
                let direction = UInt64(style.direction.map { $0.rawValue + 1 } ?? 0)
                let lastLine = UInt64(style.lastLine.map { $0.rawValue + 1 } ?? 0)
                h.combine(UInt64(style.alignment.rawValue) | (style.spaceBefore ? 0x100 : 0) | (style.hyphenates ? 0 : 0x200)
                          | direction << 10 | lastLine << 12)
                for value in [style.indent, style.startInset, style.endInset, style.fontScale] { h.combine(UInt64(value.bitPattern)) }
            }
        }
        for run in languages {
            h.combine(UInt64(run.start))
            h.combine(run.tag ?? "")
        }
        for picture in pictures { picture.combine(into: &h) }
        for table in tables { table.combine(into: &h) }
        for cap in dropCaps { h.combine(UInt64(cap.start) << 32 | UInt64(cap.end) << 8 | UInt64(cap.lines)) }
        for typeface in typefaces {
            h.combine(typeface.family)
            h.combine(UInt64(typeface.setsBody ? 1 : 0))
            for face in typeface.faces {
                h.combine(UInt64(face.italic ? 1 : 0) | (face.bold ? 2 : 0))
                for source in face.sources { h.combine(source) }
            }
        }
        for run in typefaceRanges {
            h.combine(UInt64(run.range.lowerBound) << 32 | UInt64(run.range.upperBound))
            h.combine(UInt64(run.number))
        }
        for spaced in letterSpacing {
            h.combine(UInt64(spaced.range.lowerBound) << 32 | UInt64(spaced.range.upperBound))
            h.combine(UInt64(spaced.ems.bitPattern))
        }
        for (name, ranges) in [("italics", italics), ("bold", bold), ("small caps", smallCaps), ("raised", raised), ("lowered", lowered),
                                ("generated", generated), ("smaller", smaller), ("floated left", floatedLeft),
                                ("floated right", floatedRight), ("unbreakable", unbreakable), ("monospace", monospace),
                                ("breaks anywhere", breaksAnywhere)] {
            h.combine(name)
            for range in ranges {
                h.combine(UInt64(range.lowerBound))
                h.combine(UInt64(range.upperBound))
            }
        }
        return h.value
    }
}

