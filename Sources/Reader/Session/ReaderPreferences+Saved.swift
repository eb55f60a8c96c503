import Foundation
import PageTurner
import Pagination
import ReaderState

/// The preferences as a book's state file keeps them: the `settings` object, one key each
/// (`fontSize`: a number; `curl`, `theme`, `zones`, `progression`, `layout`: names;
/// `language`: a BCP 47 tag or `auto`; `hyphenate`: `auto` or `off`; `margins`: `narrow`,
/// `normal` or `wide`; `lineSpacing`: a number from 1 to 2.5; `font`: a family or a font
/// file, or `auto` for the book faces).
///
/// Reading is lenient, as a reader wants it: a key that is missing (a file from an older
/// version) or whose value this version cannot use (a misspelt name, a font size that is not
/// a positive number) takes its default; keys it does not know are kept and written back
/// unchanged (`otherSettings`), so an older version's save loses nothing a newer one wrote.
extension ReaderPreferences: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case fontSize, curl, theme, zones, progression, layout, language, hyphenate, margins, lineSpacing, font
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func name(_ key: CodingKeys) -> String? { try? c.decodeIfPresent(String.self, forKey: key) }
        if let size = try? c.decodeIfPresent(Float.self, forKey: .fontSize), size.isFinite, size > 0 {
            fontSize = Self.clampedFontSize(size)
        }
        curl = name(.curl).flatMap(CurlModel.init(rawValue:)) ?? curl
        theme = name(.theme).flatMap(Theme.init(rawValue:)) ?? theme
        zones = name(.zones).flatMap(TapZoneLayout.named) ?? zones
        progression = name(.progression).flatMap(PageProgression.init(rawValue:)) ?? progression
        spreadMode = name(.layout).flatMap(SpreadMode.init(rawValue:)) ?? spreadMode
        // `auto`, or a tag this version cannot read: the language detected from the text.
        language = name(.language).flatMap(ContentLanguage.init(tag:))
        hyphenation = name(.hyphenate) != "off"
        margins = name(.margins).flatMap(MarginWidth.init(rawValue:)) ?? margins
        font = name(.font).flatMap { $0.isEmpty || $0 == "auto" ? nil : $0 }
        if let spacing = try? c.decodeIfPresent(Float.self, forKey: .lineSpacing), Self.lineSpacingRange.contains(spacing) {
            lineSpacing = spacing
        }
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        otherSettings = (try? [String: JSONValue](from: decoder))?.filter { !known.contains($0.key) } ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fontSize, forKey: .fontSize)
        try c.encode(curl.rawValue, forKey: .curl)
        try c.encode(theme.rawValue, forKey: .theme)
        try c.encode(zones.name, forKey: .zones)
        try c.encode(progression.rawValue, forKey: .progression)
        try c.encode(spreadMode.rawValue, forKey: .layout)
        try c.encode(language?.tag ?? "auto", forKey: .language)
        try c.encode(hyphenation ? "auto" : "off", forKey: .hyphenate)
        try c.encode(margins.rawValue, forKey: .margins)
        try c.encode(lineSpacing, forKey: .lineSpacing)
        try c.encode(font ?? "auto", forKey: .font)
        var others = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in otherSettings { try others.encode(value, forKey: AnyKey(key)) }
    }

    /// The preferences a book's saved `settings` hold (see above).
    public init(saved settings: [String: JSONValue]) {
        let decoded = (try? JSONEncoder().encode(settings)).flatMap { try? JSONDecoder().decode(Self.self, from: $0) }
        self = decoded ?? ReaderPreferences()
    }

    /// The preferences as a book's state keeps them.
    public var saved: [String: JSONValue] {
        guard let data = try? JSONEncoder().encode(self),
              let object = try? JSONDecoder().decode([String: JSONValue].self, from: data)
        else { return otherSettings }
        return object
    }
}

/// A coding key made from any string (the keys of `otherSettings`).
private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
