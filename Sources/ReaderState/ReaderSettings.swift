/// How a reader likes a book shown.
///
/// The curl, theme, tap-zone, page-progression, layout and language choices are plain names so that this module
/// does not depend on the gesture or rendering modules; whoever uses a name checks it and falls
/// back to its own default when it does not know it. A file written by an older version that
/// lacks a field gets that field's default.
public struct ReaderSettings: Codable, Sendable, Equatable {
    /// Font size in points; finite and above zero.
    public var fontSize: Float = 18
    /// Page-turn animation, such as `classic`, `cylinder`, `slide` or `none`.
    public var curl: String = "classic"
    /// Colour theme, such as `paper`.
    public var theme: String = "paper"
    /// Tap-zone layout, such as `default`.
    public var zones: String = "default"
    /// Which way pages turn: `ltr` (left to right) or `rtl` (right to left, the next page
    /// comes in from the left). Files saved before this field existed read as `ltr`.
    public var progression: String = "ltr"
    /// One page or spreads: `auto`, `single` or `spread`. Files saved before this field
    /// existed read as `auto`.
    public var layout: String = "auto"
    /// The text's language as a BCP 47 tag (`ja`, `zh-Hant`, `en`…), or `auto`: detected from
    /// the text each time the book opens. Files saved before this field existed read as `auto`.
    public var language: String = "auto"
    /// Hyphenation: `auto` (where the language's patterns allow) or `off` (only at soft
    /// hyphens). Files saved before this field existed read as `auto`.
    public var hyphenate: String = "auto"

    public init(fontSize: Float = 18, curl: String = "classic", theme: String = "paper", zones: String = "default",
                progression: String = "ltr", layout: String = "auto", language: String = "auto", hyphenate: String = "auto") {
        self.hyphenate = hyphenate
        self.layout = layout
        self.language = language
        self.fontSize = fontSize
        self.curl = curl
        self.theme = theme
        self.zones = zones
        self.progression = progression
    }

    enum CodingKeys: String, CodingKey {
        case fontSize, curl, theme, zones, progression, layout, language, hyphenate
    }

    /// Missing fields take their defaults; fields of the wrong type are an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ReaderSettings()
        fontSize = try c.decodeIfPresent(Float.self, forKey: .fontSize) ?? defaults.fontSize
        curl = try c.decodeIfPresent(String.self, forKey: .curl) ?? defaults.curl
        theme = try c.decodeIfPresent(String.self, forKey: .theme) ?? defaults.theme
        zones = try c.decodeIfPresent(String.self, forKey: .zones) ?? defaults.zones
        progression = try c.decodeIfPresent(String.self, forKey: .progression) ?? defaults.progression
        layout = try c.decodeIfPresent(String.self, forKey: .layout) ?? defaults.layout
        language = try c.decodeIfPresent(String.self, forKey: .language) ?? defaults.language
        hyphenate = try c.decodeIfPresent(String.self, forKey: .hyphenate) ?? defaults.hyphenate
    }
}
