import PageTurner
import Pagination
import ReaderState

/// The reader's per-book preferences, saved with the book's state as they are
/// (`ReaderPreferences+Saved`: the state file's `settings`).
public struct ReaderPreferences: Sendable, Equatable {
    /// The body text's size in logical pixels, within `fontSizes`.
    public var fontSize: Float
    /// The curl chosen; a turn is drawn with `shownCurl` (the motion may hold it back).
    public var curl: CurlModel
    /// How much pages move when they turn (`--motion`); full by default.
    public var motion: TurnMotion = .full
    public var theme: Theme
    public var zones: TapZoneLayout
    /// Which way pages turn (right to left for a book bound on the right).
    public var progression: PageProgression
    /// One page or spreads.
    public var spreadMode: SpreadMode
    /// The text's language, chosen; nil: the one detected from the book (`Book.language`).
    public var language: ContentLanguage?
    /// Whether lines may end in a hyphen where the language's patterns allow
    /// (`LayoutSettings.hyphenation`: `--hyphenate auto`); off, only at soft hyphens.
    public var hyphenation: Bool
    /// How emphasis is written in the book (`LayoutSettings.markup`): `_underscores_` set in
    /// italics, or none (`--markup`).
    public var markup: TextMarkup = .underscores
    /// The digits of the folios (`LayoutSettings.folioDigits`, `--folio-digits`).
    public var folioDigits: FolioDigits = .auto
    /// The text face chosen, as `--font` takes it (an installed family, or a font file); nil:
    /// the book faces (`BookFaces`).
    public var font: String?
    /// Whether a book's own typefaces (CSS `@font-face`) set the text that names them
    /// (`--publisher-fonts`, `BookFonts.Request.publisherFonts`).
    public var publisherFonts = true
    /// How wide the margins are.
    public var margins: MarginWidth = .normal
    /// The distance between baselines, in font sizes (`lineSpacings` in the toolbar; 1 to
    /// 2.5 from `--line-spacing`).
    public var lineSpacing: Float = Self.defaultLineSpacing
    /// Settings in the book's state this version does not know (a newer version wrote them),
    /// and values of its own keys it could not use as written: saved back as they were
    /// (`saved`).
    public var otherSettings: [String: JSONValue] = [:]

    public init(fontSize: Float = 18, curl: CurlModel = .classic, theme: Theme = .paper, zones: TapZoneLayout = .default,
                progression: PageProgression = .leftToRight, spreadMode: SpreadMode = .auto,
                language: ContentLanguage? = nil, hyphenation: Bool = true) {
        self.hyphenation = hyphenation
        self.spreadMode = spreadMode
        self.language = language
        self.fontSize = fontSize
        self.curl = curl
        self.theme = theme
        self.zones = zones
        self.progression = progression
    }

    /// Book typography's usual leading for text read on a screen: 1.5 times the font size.
    public static let defaultLineSpacing: Float = 1.5
    /// The line spacings the toolbar's button cycles through.
    public static let lineSpacings: [Float] = [1.2, 1.35, 1.5, 1.75, 2]
    /// The line spacings that may be chosen.
    public static let lineSpacingRange: ClosedRange<Float> = 1...2.5

    /// The spacing after `lineSpacing` in `lineSpacings` (back to the first after the last).
    public var nextLineSpacing: Float {
        Self.lineSpacings.first { $0 > lineSpacing + 0.001 } ?? Self.lineSpacings[0]
    }

    /// Font sizes the − and + buttons step through.
    public static let fontSizes: ClosedRange<Float> = 10...48

    /// `size` held to `fontSizes`.
    static func clampedFontSize(_ size: Float) -> Float {
        min(max(size, fontSizes.lowerBound), fontSizes.upperBound)
    }

    /// The machine's thresholds: `settings`' with the reading direction (which also swaps the
    /// tap zones' previous and next) and no settling animation for the `none` curl, as
    /// `pageturn simulate` builds them.
    func turnConfig(_ settings: TurnSettings) -> TurnConfig {
        settings.config(curl: shownCurl, rightToLeft: progression.isRightToLeft)
    }

    /// The model turns are drawn with: the chosen curl as `motion` allows it.
    public var shownCurl: CurlModel { motion.curl(for: curl) }

    /// How turning pages are drawn: the curl model with `settings`' parameters.
    func curlRenderer(_ settings: TurnSettings) -> CurlRenderer {
        CurlRenderer(model: shownCurl, classic: settings.classic, cylinder: settings.cylinder)
    }
}
