import FoundationEssentials
import PageTurner
import Pagination
import ReaderState

/// The preferences as a book's state file keeps them: the `settings` object, one key each
/// (`fontSize`: a number; `curl`, `theme`, `zones`, `progression`, `layout`: names;
/// `language`: a BCP 47 tag or `auto`; `hyphenate`: `auto` or `off`; `margins`: `narrow`,
/// `normal` or `wide`; `lineSpacing`: a number from 1 to 2.5; `font`: a family or a font
/// file, or `auto` for the book faces; `markup`: `underscores` or `none`; `motion`: `full`, `reduced` or
/// `none`).
///
/// Reading is lenient, as a reader wants it: a key that is missing (a file from an older
/// version) or whose value this version cannot use (a misspelt name, a font size that is not
/// a positive number) takes its default. Nothing a newer version wrote is lost by an older
/// one's save: keys this version does not know are kept and written back (`otherSettings`),
/// and so is a value of a known key it could not use as written (a theme it does not have,
/// a font size past its range), unless that preference was changed meanwhile.
extension ReaderPreferences: Codable {
    /// The keys this version reads and writes.
    static let savedKeys: Set<String> = [
        "fontSize", "curl", "theme", "zones", "progression", "layout", "language", "hyphenate", "margins", "lineSpacing", "font",
        "markup", "motion",
    ]

    public init(from decoder: any Decoder) throws {
        self.init(saved: try [String: JSONValue](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try saved.encode(to: encoder)
    }

    /// The preferences a book's saved `settings` hold (see above).
    public init(saved settings: [String: JSONValue]) {
        self.init()
        func name(_ key: String) -> String? {
            if case .string(let value)? = settings[key] { return value }
            return nil
        }
        func number(_ key: String) -> Double? {
            if case .number(let value)? = settings[key] { return value }
            return nil
        }
        if let size = number("fontSize"), size > 0, Float(size).isFinite { fontSize = Self.clampedFontSize(Float(size)) }
        curl = name("curl").flatMap(CurlModel.init(rawValue:)) ?? curl
        theme = name("theme").flatMap(Theme.init(rawValue:)) ?? theme
        zones = name("zones").flatMap(TapZoneLayout.named) ?? zones
        progression = name("progression").flatMap(PageProgression.init(rawValue:)) ?? progression
        spreadMode = name("layout").flatMap(SpreadMode.init(rawValue:)) ?? spreadMode
        // `auto`, or a tag this version cannot read: the language detected from the text.
        language = name("language").flatMap(ContentLanguage.init(tag:))
        hyphenation = name("hyphenate") != "off"
        markup = name("markup").flatMap(TextMarkup.init(rawValue:)) ?? markup
        motion = name("motion").flatMap(TurnMotion.init(rawValue:)) ?? motion
        margins = name("margins").flatMap(MarginWidth.init(rawValue:)) ?? margins
        if let spacing = number("lineSpacing"), Self.lineSpacingRange.contains(Float(spacing)) { lineSpacing = Float(spacing) }
        font = name("font").flatMap { $0.isEmpty || $0 == "auto" ? nil : $0 }
        // Every key not read exactly as written is kept as written.
        let own = ownValues
        otherSettings = settings.filter { own[$0.key] != $0.value }
    }

    /// The preferences as a book's state keeps them: this version's keys, each value as
    /// written when it was read and has not changed since, and the keys it does not know.
    public var saved: [String: JSONValue] {
        var out = otherSettings.filter { !Self.savedKeys.contains($0.key) }
        for (key, value) in ownValues {
            // A value this version could not use as written is written back as it was, unless
            // the preference has changed from what reading it gave.
            if let written = otherSettings[key], ReaderPreferences(saved: [key: written]).ownValues[key] == value {
                out[key] = written
            } else {
                out[key] = value
            }
        }
        return out
    }

    /// `value` as the decimal it was set as (1.35, not the 1.3500000238… a `Float` holds).
    private static func decimal(_ value: Float) -> Double {
        (Double(value) * 10_000).rounded() / 10_000
    }

    /// This version's keys and the values it holds.
    private var ownValues: [String: JSONValue] {
        [
            "fontSize": .number(Self.decimal(fontSize)), "curl": .string(curl.rawValue), "theme": .string(theme.rawValue),
            "zones": .string(zones.name), "progression": .string(progression.rawValue), "layout": .string(spreadMode.rawValue),
            "language": .string(language?.tag ?? "auto"), "hyphenate": .string(hyphenation ? "auto" : "off"),
            "margins": .string(margins.rawValue), "lineSpacing": .number(Self.decimal(lineSpacing)), "font": .string(font ?? "auto"),
            "markup": .string(markup.rawValue), "motion": .string(motion.rawValue),
        ]
    }
}
