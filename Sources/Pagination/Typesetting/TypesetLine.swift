/// One line on a page: where it starts and ends in the text, and what kind of line it is.
///
/// `start..<end` are scalar offsets; `end` excludes the paragraph's LF. Lines are in text
/// order, so consecutive lines may leave gaps (LFs, blank lines the `book` preset skips);
/// a page owns everything from its first line's start to the next page's.
public struct TypesetLine: Sendable, Equatable {
    public var start: Int32
    public var end: Int32
    /// The natural width of the line's ink (trailing spaces and a hanging mark excluded).
    public var width: Float
    public var flags: Flags
    /// How many lines of the page's grid the line takes: 1, or more for a line of a block set
    /// larger (`LayoutSettings.rows(forScale:)`).
    public internal(set) var rows: UInt8

    /// A line of scalars `start..<end`, `width` wide, taking `rows` rows of the grid (at least one).
    public init(start: Int32, end: Int32, width: Float, flags: Flags, rows: UInt8 = 1) {
        self.start = start
        self.end = end
        self.width = width
        self.flags = flags
        self.rows = max(1, rows)
    }

    /// The height the line takes on a page, without the space above it (none for a floated
    /// picture, beside the lines after it).
    @inline(__always)
    func height(_ lineHeight: Float) -> Float { flags.contains(.floated) ? 0 : lineHeight * Float(rows) }

    /// What a line is, for page splitting (widows and orphans) and justification.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The first line of a paragraph (it gets the indent and the paragraph spacing).
        public static let paragraphStart = Flags(rawValue: 1 << 0)
        /// The last line of a paragraph (left aligned, never justified).
        public static let paragraphEnd = Flags(rawValue: 1 << 1)
        /// A closing mark hangs into the right margin at the end of this line.
        public static let hangingPunctuation = Flags(rawValue: 1 << 2)
        /// The first line is CJK (it takes the CJK indent, inter-character justification).
        public static let cjk = Flags(rawValue: 1 << 3)
        /// Broken inside a word because nothing else fit.
        public static let emergencyBreak = Flags(rawValue: 1 << 4)
        /// Ends at a forced break inside a paragraph (U+2028, a form feed): not justified.
        public static let forcedBreak = Flags(rawValue: 1 << 5)
        /// The paragraph runs right to left (UAX #9 P2–P3): the line is aligned and indented
        /// at the right, its runs ordered by rule L2.
        public static let rightToLeft = Flags(rawValue: 1 << 6)
        /// A line of a chapter heading (`book`): it opens a page, unless it follows another
        /// heading, and is centred, neither indented nor justified.
        public static let heading = Flags(rawValue: 1 << 7)
        /// A scene break, a line of asterisks or the like (`book`): centred, with a blank
        /// line's space above and below.
        public static let sceneBreak = Flags(rawValue: 1 << 8)
        /// The first line of a paragraph that follows a heading or a scene break: not indented,
        /// as books set it.
        public static let unindented = Flags(rawValue: 1 << 9)
        /// Ends inside a word, at a place the hyphenation patterns allow or after a soft
        /// hyphen: the layout draws a hyphen after its last character (its width counted in
        /// `width`).
        public static let hyphenated = Flags(rawValue: 1 << 10)
        /// A line of verse (`ParagraphKind.verse`): a line of the file kept as it is, indented
        /// by its leading spaces, never justified.
        public static let verse = Flags(rawValue: 1 << 11)
        /// The first line of a stanza (a verse line after a blank line of the file): a line's
        /// space above it.
        public static let stanzaStart = Flags(rawValue: 1 << 12)

        /// The first line of a block that starts a page (a structured book's document).
        public static let pageBreakBefore = Flags(rawValue: 1 << 13)
        /// A line of a heading that does not open a page (a structured book's headings: its
        /// pages break where its documents start).
        public static let keepsPage = Flags(rawValue: 1 << 14)
        /// The first line of a block with a line's space above it (a structured book's
        /// block margins, a title page's paragraph after a blank line), unless at a page's top.
        public static let spaceBefore = Flags(rawValue: 1 << 15)
        /// No page may break after this line (CSS `break-inside: avoid` on its block or on an
        /// element holding it and the next block, `break-after: avoid` on its block, or
        /// `break-before: avoid` on the next), unless the lines kept together fill a whole
        /// page.
        public static let keepsWithNext = Flags(rawValue: 1 << 16)

        /// A line of a plain-text book's opening matter (`TitleMatter`): on a title page of
        /// its own, centred, larger.
        public static let title = Flags(rawValue: 1 << 17)

        /// A picture (`DocumentStructure.Picture`): its one U+FFFC, taking as many rows as the
        /// picture is high; placed by `Typesetter.placePictures`, no glyphs drawn.
        public static let picture = Flags(rawValue: 1 << 18)

        /// A row of a table (or a slice of a row taller than a page), as many rows of the grid
        /// high as its tallest cell; its cells' lines are placed by `Typesetter.cellLines(ofRow:baseline:)`.
        public static let tableRow = Flags(rawValue: 1 << 19)

        /// A line of a paragraph beside its drop cap, after the first (`Typesetter+DropCaps`):
        /// indented by the letter's width.
        public static let besideDropCap = Flags(rawValue: 1 << 20)

        /// A picture floated beside the paragraph after it (`Typesetter+Floats`): it takes no
        /// height of its own; the paragraph's first lines stand beside it.
        public static let floated = Flags(rawValue: 1 << 21)
        /// A line of a paragraph beside a floated picture, after the first: narrower by the
        /// picture's width.
        public static let besideFloat = Flags(rawValue: 1 << 22)

        /// The bits a flag may take (`PageCache` keeps a line's rows above them).
        public static let allBits: UInt32 = 0xFF_FFFF

        /// Whether the line is centred (a heading, a scene break or the title page's).
        public var isCentred: Bool { !isDisjoint(with: [.heading, .sceneBreak, .title]) }
        /// Whether the line goes to the next page with the text after it (a heading or a scene
        /// break; a title page is a page of its own and its lines fill it as they come).
        public var goesWithNext: Bool { !isDisjoint(with: [.heading, .sceneBreak]) }
        /// Whether the line takes its paragraph's first-line indent.
        public var isIndented: Bool { contains(.paragraphStart) && isDisjoint(with: [.heading, .sceneBreak, .title, .unindented]) }
    }
}
