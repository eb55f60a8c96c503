import ArgumentParser
import Reader

/// How a page looks: the faces, the font size and the colours (`read`, `render`, `layout`).
/// Not given: DejaVu Sans at 18 px on paper (`read` keeps the book's saved size and colours).
struct AppearanceOptions: ParsableArguments {
    @Option(help: "The text face: an installed family such as \"Noto Serif\", or a font file (default: DejaVu Sans, found with fontconfig).")
    var font: String?
    @Option(name: .customLong("cjk-font"), help: "The CJK face: a font file (default: WenQuanYi Micro Hei or Noto CJK).")
    var cjkFont: String?
    @Option(parsing: .unconditional, help: "Font size in logical pixels, 10 to 48 (default: 18).") var size: Checked<Float>?
    @Option(help: "The page's colours (default: paper).") var theme: Checked<Theme>?

    func validate() throws {
        _ = try fontSize
        _ = try pageTheme
    }

    /// --size, checked against the sizes the reader steps through.
    var fontSize: Float? {
        get throws { try size?.value(of: "--size", in: ReaderPreferences.fontSizes) }
    }

    /// --font and --cjk-font.
    var faces: FaceChoice { FaceChoice(font: font, cjkFont: cjkFont) }

    /// --theme, checked.
    var pageTheme: Theme? {
        get throws { try theme?.value(of: "--theme") }
    }
}

/// The faces a command was asked for: a family or a file for the text, a file for CJK (nil: the
/// default faces fontconfig finds).
struct FaceChoice: Sendable {
    var font: String?
    var cjkFont: String?
}
