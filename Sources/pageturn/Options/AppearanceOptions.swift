import ArgumentParser
import Fonts
import FoundationEssentials
import Pagination
import Reader

/// How a page looks: the faces, the font size and the colours (`read`, `render`, `layout`).
/// Not given: the book faces (`BookFaces`) at 18 px on paper (`read` keeps the book's saved size and colours).
struct AppearanceOptions: ParsableArguments {
    @Option(help: "The text face: an installed family such as \"DejaVu Sans\" (a name of at most 256 characters), or a font file; auto: the book faces (default: the book's saved choice, else Noto Serif with each script's book face for what it lacks).")
    var font: String?
    @Option(name: .customLong("cjk-font"), help: "The CJK face: an installed family or a font file (default: Noto Serif CJK in the book's cut, a Song or Mincho face).")
    var cjkFont: String?
    @Option(name: .customLong("publisher-fonts"), help: ArgumentHelp(OnOff.publisherFontsHelp + " (default: the book's saved choice, else on)"))
    var publisherFonts: OnOff?
    @Option(parsing: .unconditional, help: "Font size in logical pixels, 10 to 48 (default: 18).") var size: Checked<Float>?
    @Option(help: "The page's colours (default: paper).") var theme: Checked<Theme>?
    @Option(help: "auto: words break with a hyphen where the patterns of the book's language allow; off: only at soft hyphens (default: the book's saved choice, else auto).")
    var hyphenate: LayoutOptions.Hyphenation?
    @Option(help: ArgumentHelp(TextMarkup.help.abstract + " (default: the book's saved choice, else underscores)"))
    var markup: TextMarkup?
    @Option(help: "narrow, normal or wide margins (default: the book's saved choice, else normal).")
    var margins: Checked<MarginWidth>?
    @Option(name: .customLong("folio-digits"), help: "The digits of page numbers: auto (the book's language's, as CLDR gives them: ۱۲ in Persian, ১২ in Bengali, 12 in English and Hindi), latin (always 0–9) or native (the language's own, १२ in Hindi too) (default: the book's saved choice, else auto).")
    var folioDigits: FolioDigits?
    @Option(name: .customLong("line-spacing"), parsing: .unconditional,
            help: "Distance between lines in font sizes, 1 to 2.5 (default: the book's saved choice, else 1.5).")
    var lineSpacing: Checked<Float>?

    func validate() throws {
        _ = try fontSize
        _ = try pageTheme
        _ = try marginWidth
        _ = try spacing
    }

    /// --margins, checked.
    var marginWidth: MarginWidth? {
        get throws { try margins?.value(of: "--margins") }
    }

    /// --line-spacing, checked against the spacings the reader allows.
    var spacing: Float? {
        get throws { try lineSpacing?.value(of: "--line-spacing", in: ReaderPreferences.lineSpacingRange) }
    }

    /// --size, checked against the sizes the reader steps through.
    var fontSize: Float? {
        get throws { try size?.value(of: "--size", in: ReaderPreferences.fontSizes) }
    }

    /// --font and --cjk-font (`--font auto`: the book faces).
    var faces: BookFonts.Request {
        BookFonts.Request(font: font == "auto" ? nil : font, cjkFont: cjkFont, publisherFonts: publisherFonts != .off)
    }

    /// A --font value as a book saves it: a font file's absolute path, or a family's name.
    static func savedFont(_ name: String) -> String {
        guard name.contains("/") || FileManager.default.fileExists(atPath: name) else { return name }
        return URL(fileURLWithPath: name).standardizedFileURL.path
    }

    /// --theme, checked.
    var pageTheme: Theme? {
        get throws { try theme?.value(of: "--theme") }
    }
}
