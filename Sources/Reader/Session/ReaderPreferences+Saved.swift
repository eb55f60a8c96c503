import FoundationEssentials
import PageTurner
import Pagination
import ReaderState

/// The preferences as a book's state file keeps them: the `settings` object, one key each,
/// as `SavedPreference.all` lists them (`fontSize`: a number; `curl`, `theme`, `zones`,
/// `progression`, `layout`: names; `language`: a BCP 47 tag or `auto`; `hyphenate`: `auto` or
/// `off`; `margins`: `narrow`, `normal` or `wide`; `lineSpacing`: a number from 1 to 2.5;
/// `font`: a family or a font file, or `auto` for the book faces; `markup`: `underscores` or
/// `none`; `motion`: `full`, `reduced` or `none`; `folioDigits`: `auto`, `latin` or `native`).
///
/// Reading is lenient, as a reader wants it: a key that is missing (a file from an older
/// version) or whose value this version cannot use (a misspelt name, a font size that is not
/// a positive number) takes its default. Nothing a newer version wrote is lost by an older
/// one's save: keys this version does not know are kept and written back (`otherSettings`),
/// and so is a value of a known key it could not use as written (a theme it does not have,
/// a font size past its range), unless that preference was changed meanwhile.
extension ReaderPreferences: Codable {
    /// The keys this version reads and writes.
    static let savedKeys = Set(SavedPreference.all.map(\.key))

    public init(from decoder: any Decoder) throws {
        self.init(saved: try [String: JSONValue](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try saved.encode(to: encoder)
    }

    /// The preferences a book's saved `settings` hold (see above).
    public init(saved settings: [String: JSONValue]) {
        self.init()
        for preference in SavedPreference.all {
            preference.read(settings[preference.key], &self)
        }
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

    /// This version's keys and the values it holds.
    private var ownValues: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: SavedPreference.all.map { ($0.key, $0.write(self)) })
    }
}

/// One preference as a state file keeps it: its key, how its value is read (a value this
/// version cannot use, or none, leaves the default) and written. Adding a preference is a
/// property of `ReaderPreferences` and a line in `all`, and, when a command line sets it, a
/// line in the command's overrides.
struct SavedPreference: Sendable {
    let key: String
    /// The `ReaderPreferences` property it keeps, by name (a test holds `all` to them).
    let property: String
    /// Sets the preference from the saved value (nil: the key is missing).
    let read: @Sendable (JSONValue?, inout ReaderPreferences) -> Void
    let write: @Sendable (ReaderPreferences) -> JSONValue
    /// A value other than the default, as a state file writes it (for the tests).
    let example: JSONValue

    /// A preference saved as the name of one of its values (`RawRepresentable` by a string).
    static func named<Value: RawRepresentable & Sendable>(
        _ key: String, _ path: WritableKeyPath<ReaderPreferences, Value> & Sendable, property: String, example: String
    ) -> SavedPreference where Value.RawValue == String {
        SavedPreference(key: key, property: property, read: { value, p in
            if case .string(let name)? = value, let chosen = Value(rawValue: name) { p[keyPath: path] = chosen }
        }, write: { .string($0[keyPath: path].rawValue) }, example: .string(example))
    }

    /// A preference saved as a number, taken when `accepts` says so (held to its range by `held`).
    static func number(
        _ key: String, _ path: WritableKeyPath<ReaderPreferences, Float> & Sendable, property: String, example: Double,
        accepts: @escaping @Sendable (Double) -> Bool, held: @escaping @Sendable (Float) -> Float = { $0 }
    ) -> SavedPreference {
        SavedPreference(key: key, property: property, read: { value, p in
            if case .number(let n)? = value, accepts(n), Float(n).isFinite { p[keyPath: path] = held(Float(n)) }
        }, write: { .number(decimal($0[keyPath: path])) }, example: .number(example))
    }

    /// `value` as the decimal it was set as (1.35, not the 1.3500000238… a `Float` holds).
    static func decimal(_ value: Float) -> Double {
        (Double(value) * 10_000).rounded() / 10_000
    }

    /// Every preference a state file keeps.
    static let all: [SavedPreference] = [
        .number("fontSize", \.fontSize, property: "fontSize", example: 24, accepts: { $0 > 0 },
                held: ReaderPreferences.clampedFontSize),
        .named("curl", \.curl, property: "curl", example: "cylinder"),
        .named("theme", \.theme, property: "theme", example: "night"),
        SavedPreference(key: "zones", property: "zones", read: { value, p in
            if case .string(let name)? = value, let zones = TapZoneLayout.named(name) { p.zones = zones }
        }, write: { .string($0.zones.name) }, example: .string("koreader")),
        .named("progression", \.progression, property: "progression", example: "rtl"),
        .named("layout", \.spreadMode, property: "spreadMode", example: "single"),
        // `auto`, or a tag this version cannot read: the language detected from the text.
        SavedPreference(key: "language", property: "language", read: { value, p in
            if case .string(let tag)? = value { p.language = ContentLanguage(tag: tag) } else { p.language = nil }
        }, write: { .string($0.language?.tag ?? "auto") }, example: .string("fr")),
        SavedPreference(key: "hyphenate", property: "hyphenation", read: { value, p in
            p.hyphenation = value != .string("off")
        }, write: { .string($0.hyphenation ? "auto" : "off") }, example: .string("off")),
        SavedPreference(key: "publisherFonts", property: "publisherFonts", read: { value, p in
            p.publisherFonts = value != .string("off")
        }, write: { .string($0.publisherFonts ? "on" : "off") }, example: .string("off")),
        .named("markup", \.markup, property: "markup", example: "none"),
        .named("folioDigits", \.folioDigits, property: "folioDigits", example: "latin"),
        .named("motion", \.motion, property: "motion", example: "reduced"),
        .named("margins", \.margins, property: "margins", example: "wide"),
        .number("lineSpacing", \.lineSpacing, property: "lineSpacing", example: 2,
                accepts: { ReaderPreferences.lineSpacingRange.contains(Float($0)) }),
        SavedPreference(key: "font", property: "font", read: { value, p in
            if case .string(let name)? = value, !name.isEmpty, name != "auto" { p.font = name } else { p.font = nil }
        }, write: { .string($0.font ?? "auto") }, example: .string("DejaVu Serif")),
    ]
}
