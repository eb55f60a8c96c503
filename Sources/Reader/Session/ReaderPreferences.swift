import PageTurner
import Pagination

/// The reader's per-book preferences (saved with the book's state).
public struct ReaderPreferences: Sendable, Equatable {
    /// The body text's size in logical pixels, within `fontSizes`.
    public var fontSize: Float
    public var curl: CurlModel
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
        settings.config(curl: curl, rightToLeft: progression.isRightToLeft)
    }

    /// How turning pages are drawn: the curl model with `settings`' parameters.
    func curlRenderer(_ settings: TurnSettings) -> CurlRenderer {
        CurlRenderer(model: curl, classic: settings.classic, cylinder: settings.cylinder)
    }
}
