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
    }

    /// Whether lines may end in a hanging mark: only in `book`, so a preset changed after
    /// the settings were made still means what it says.
    public var hangsPunctuation: Bool { hangingPunctuation && preset == .book }

    /// Width of the text box.
    public var contentWidth: Float { pageWidth - 2 * margin }
    /// Height of the text box.
    public var contentHeight: Float { pageHeight - 2 * margin }

    /// The first problem with these settings, as one line for a user, or nil if they work.
    public var problem: String? {
        let sizes: [(String, Float)] = [
            ("width", pageWidth), ("height", pageHeight), ("font size", fontSize),
            ("line height", lineHeight),
        ]
        for (name, value) in sizes where !(value > 0) || !value.isFinite {
            return "\(name) must be a positive number (got \(value))"
        }
        if !(margin >= 0) { return "margin must not be negative (got \(margin))" }
        if pageWidth > 100_000 || pageHeight > 100_000 { return "page size \(pageWidth)×\(pageHeight) is absurd (at most 100000)" }
        if fontSize > 2000 || lineHeight > 4000 { return "font size \(fontSize) or line height \(lineHeight) is absurd" }
        if fontSize < 1 { return "font size must be at least 1 (got \(fontSize))" }
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
