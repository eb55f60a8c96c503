/// An `@font-face` rule (CSS Fonts 4 §4): the family it adds a face to, the font files that
/// may hold the face (its `src` descriptor's `url()`s, in order, as written: the reader of
/// the format resolves them against the sheet), and the face's style. `local()` sources name
/// the machine's fonts, not the book's, and are passed over; a source whose `format()` names
/// a format no reader of fonts here opens (SVG fonts, EOT) is passed over too.
public struct FontFaceRule: Sendable, Equatable {
    public var family: String
    public var sources: [String]
    /// `font-style: italic` or `oblique`.
    public var italic: Bool
    /// `font-weight` 600 or more (`bold`); a range (a variable face's `100 900`) is not bold.
    public var bold: Bool

    /// The longest family name kept, in bytes (installed families' names are a few dozen).
    static let longestFamily = 256

    /// The formats `format()` may name for a face that can be opened: OpenType, TrueType,
    /// WOFF and WOFF2, and their collections.
    static let openableFormats: Set<String> = [
        "opentype", "truetype", "woff", "woff2", "collection", "opentype-variations", "truetype-variations",
        "woff-variations", "woff2-variations",
    ]

    /// The rule `declarations` (an `@font-face` block's) describe, or nil without a family or
    /// a source that may open.
    init?(_ declarations: [CSSDeclaration]) {
        var family: String?, sources: [String] = [], italic = false, bold = false
        for declaration in declarations {
            let values = declaration.value.filter { !$0.isWhitespace }
            switch declaration.name.lowercased() {
            case "font-family": family = ComputedStyle.families(values).first
            case "src": sources = Self.sources(declaration.value)
            case "font-style":
                if case .token(.ident(let word))? = values.first { italic = ["italic", "oblique"].contains(word.lowercased()) }
            case "font-weight": bold = values.count == 1 && (ComputedStyle.weight(values, parent: 400) ?? 400) >= 600
            default: continue
            }
        }
        guard let family, !family.isEmpty, family.utf8.count <= Self.longestFamily, !sources.isEmpty else { return nil }
        self.family = family
        self.sources = sources
        self.italic = italic
        self.bold = bold
    }

    /// The `url()`s of a `src` list whose `format()`, when given, is one that opens.
    private static func sources(_ values: [ComponentValue]) -> [String] {
        var found: [String] = []
        var url: String?, openable = true
        for value in values + [.token(.comma)] {
            switch value {
            case .token(.url(let written)): url = written
            case .function(let name, let arguments) where name.lowercased() == "url":
                for argument in arguments { if case .token(.string(let written)) = argument { url = written } }
            case .function(let name, let arguments) where name.lowercased() == "format":
                let formats = arguments.compactMap { argument -> String? in
                    switch argument {
                    case .token(.string(let format)), .token(.ident(let format)): format.lowercased()
                    default: nil
                    }
                }
                openable = formats.contains { openableFormats.contains($0) }
            case .token(.comma):
                if let url, openable, !url.isEmpty { found.append(url) }
                url = nil
                openable = true
            default: continue
            }
        }
        return found
    }
}
