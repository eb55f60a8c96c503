/// How paragraphs are formed and dressed: `book` for reading, `plain` for comparing engines.
public enum LayoutPreset: String, Sendable, Codable, CaseIterable {
    /// Set as books are: justified; paragraphs told apart by a first-line indent alone (1 em,
    /// 2 em for Chinese, 1 em for Japanese), none after a heading or a scene break; a chapter
    /// heading opens a page, centred, with space above; a scene break (`* * *`) centred with a
    /// line's space around it; hanging punctuation; widow and orphan control; hard-wrapped
    /// Latin text re-flowed into paragraphs.
    case book
    /// Left aligned, no indent, no paragraph spacing, a fixed line height; each line of the
    /// file is a paragraph and an empty line is an empty line (what Pango's peer script does).
    case plain
}

/// Everything that decides where lines and pages break, except the font (an `AdvanceTable`).
/// Sizes are logical pixels.
public struct LayoutSettings: Hashable, Sendable {
    public var pageWidth: Float
    public var pageHeight: Float
    public var margin: Float
    public var fontSize: Float
    public var lineHeight: Float
    public var preset: LayoutPreset
    public var kinsoku: Kinsoku
    /// The book's language (nil: unknown, or not one the line breaker tailors for): CSS Text 3
    /// applies most kinsoku tailorings only to Chinese or Japanese text (see `Kinsoku`).
    /// Callers usually pass the reader's choice or `ContentLanguage.detect(in:)`.
    public var language: ContentLanguage?
    /// Lets a full-width closing stop, comma or bracket hang into the right margin instead of
    /// pushing the previous character down, when the margin has room for it. On by default
    /// in `book`; never in `plain` (see `hangsPunctuation`).
    public var hangingPunctuation: Bool
    /// Space before each paragraph in `book`, in lines (none by default: books tell paragraphs
    /// apart by an indent or by a gap, not both).
    public var paragraphSpacing: Float
    /// First-line indent of Chinese paragraphs in `book`, in em (Japanese take 1 em, as JIS X
    /// 4051 sets them).
    public var cjkIndent: Float
    /// First-line indent of other paragraphs in `book`, in em.
    public var latinIndent: Float
    /// Space above a chapter heading at the top of its page in `book`, in lines.
    public var headingSpace: Float
    /// Space below a heading, and above and below a scene break, in `book`, in lines.
    public var sectionSpace: Float
    /// The widest the text block may be, in pixels (nil: the page's width less its margins).
    /// What a narrower block leaves becomes margin, alike on both sides, so both pages of a
    /// spread keep the same block (see `fitted(to:advances:)`).
    public var measure: Float?
    /// Whether `book` lines may end in a hyphen inside a word, where the patterns of the
    /// book's language allow one (`hyphenationPatterns`); on by default (`--hyphenate auto`).
    /// `plain` never hyphenates: it is what Pango's peer sets.
    public var hyphenation: Bool
    /// How justified `book` paragraphs are cut into lines: total fit (Knuth–Plass) by
    /// default, or greedy (`--line-breaking`). CJK paragraphs and `plain` are filled greedily.
    public var lineBreaking: LineBreaking
    /// How emphasis is written in the text: `_underscores_` by default (set in italics, the
    /// underscores hidden), or `none` (`--markup`). Only `book` reads markup.
    public var markup: TextMarkup
    /// Whether pages face each other in spreads (pages 0 and 1, 2 and 3, …): then `book` ends
    /// a spread's second page at the depth of its first, as a book's facing pages end level
    /// (`PageSplitter`).
    public var facingPages: Bool
    /// The digits of the folio (`auto`: the language's, as CLDR gives them). It changes no
    /// line or page, so the page cache does not key on it.
    public var folioDigits: FolioDigits = .auto

    public init(
        pageWidth: Float = 800, pageHeight: Float = 1000, margin: Float = 40,
        fontSize: Float = 18, lineHeight: Float? = nil, preset: LayoutPreset = .book,
        kinsoku: Kinsoku = .normal, language: ContentLanguage? = nil, hangingPunctuation: Bool? = nil
    ) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.margin = margin
        self.fontSize = fontSize
        self.lineHeight = lineHeight ?? (fontSize * 1.5).rounded()
        self.preset = preset
        self.kinsoku = kinsoku
        self.language = language
        self.hangingPunctuation = hangingPunctuation ?? (preset == .book)
        self.paragraphSpacing = 0
        self.cjkIndent = preset == .book ? 2 : 0
        self.latinIndent = preset == .book ? 1 : 0
        self.headingSpace = preset == .book ? 3 : 0
        self.sectionSpace = preset == .book ? 1 : 0
        self.hyphenation = true
        self.lineBreaking = .optimal
        self.markup = .underscores
        self.facingPages = false
    }

    /// Whether `_underscores_` mark emphasis (`markup`, in `book`).
    public var emphasizes: Bool { markup == .underscores && preset == .book }

    /// The patterns lines are hyphenated with: the book's language's, in `book` with
    /// `hyphenation` on; nil otherwise or when no dictionary for the language is installed.
    public var hyphenationPatterns: HyphenationPatterns? {
        hyphenates ? HyphenationPatterns.patterns(for: language) : nil
    }

    /// Whether `book` lines are hyphenated by patterns (when the language has them).
    public var hyphenates: Bool { hyphenation && preset == .book }

    /// Whether lines may end in a hanging mark: only in `book`, so a preset changed after
    /// the settings were made still means what it says.
    public var hangsPunctuation: Bool { hangingPunctuation && preset == .book }

    /// Width of the text box: the page less its margins, or `measure` when that is narrower.
    public var contentWidth: Float {
        let full = pageWidth - 2 * margin
        guard let measure, measure > 0, measure < full else { return full }
        return measure
    }
    /// The x of the text box's left edge: `margin`, or more when `measure` narrows the box.
    public var textLeft: Float { (pageWidth - contentWidth) / 2 }
    /// Height of the text box.
    public var contentHeight: Float { pageHeight - 2 * margin }

    /// The first problem with these settings, as one line for a user, or nil if they work.
    public var problem: String? {
        // The font size before the line height: a line height left to its default follows the
        // size, and a tiny size must be blamed, not the height made from it.
        let sizes: [(String, Float)] = [("width", pageWidth), ("height", pageHeight), ("font size", fontSize)]
        for (name, value) in sizes where !(value > 0) || !value.isFinite {
            return "\(name) must be a positive number (got \(value))"
        }
        if fontSize < 1 { return "font size must be at least 1 (got \(fontSize))" }
        if fontSize > 2000 { return "font size \(fontSize) is absurd (at most 2000)" }
        if !(lineHeight > 0) || !lineHeight.isFinite { return "line height must be a positive number (got \(lineHeight))" }
        if !(margin >= 0) { return "margin must not be negative (got \(margin))" }
        if pageWidth > 100_000 || pageHeight > 100_000 { return "page size \(pageWidth)×\(pageHeight) is absurd (at most 100000)" }
        if lineHeight > 4000 { return "line height \(lineHeight) is absurd (at most 4000)" }
        if lineHeight < 1 { return "line height must be at least 1 (got \(lineHeight))" }
        if contentWidth < fontSize || contentHeight < 1 {
            return "margins of \(margin) leave no room on a \(Int(pageWidth))×\(Int(pageHeight)) page"
        }
        if contentHeight < lineHeight {
            return "a line (\(lineHeight) high) does not fit in the \(contentHeight) px text box"
        }
        return nil
    }
}

extension LayoutSettings {
    /// How many characters of the book's text a `book` line holds at most, on average: book
    /// designers keep 45 to 75.
    public static let charactersPerLine: Float = 75

    /// The settings for laying `text` out with `advances`: in `book`, `measure` is set to
    /// `charactersPerLine` times the average advance of the book's characters (its first
    /// 20,000, spaces included, combining marks counted with their base), so a wide page gets a readable line and wider margins; a
    /// CJK book, a character an em, is capped only on a very wide page. `plain` is untouched.
    public func fitted(to text: BookText, advances: AdvanceTable) -> LayoutSettings {
        guard preset == .book else { return self }
        var fitted = self
        let average = text.utf8.withUnsafeBufferPointer { bytes -> Float in
            var scalars = [UInt32](repeating: 0, count: min(bytes.count, 80_000) + 1)
            let count = scalars.withUnsafeMutableBufferPointer {
                UTF8Scanner.decode(bytes, 0..<Self.sampleEnd(bytes, limit: 80_000), into: $0, softLineFeeds: true)
            }
            var total: Float = 0, counted = 0
            // A character is what takes room: combining marks (Hebrew points, Arabic vowels)
            // are part of the character before them.
            for c in scalars.prefix(min(count, 20_000)) where c >= 0x20 && c != 0x200B && !isMark(c) {
                total += advances.advance(of: c)
                counted += 1
            }
            return counted > 0 ? total / Float(counted) : 0
        }
        if average > 0 { fitted.measure = (Self.charactersPerLine * average).rounded() }
        return fitted
    }

    /// The end of a sample of at most `limit` bytes, on a character's first byte.
    private static func sampleEnd(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        var end = min(bytes.count, limit)
        while end < bytes.count && end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}
