import ArgumentParser
import Reader

/// How a page looks: the font size and the colours (`read`, `render`). Either not given: 18 px
/// on paper (`read` keeps the book's saved choice).
struct AppearanceOptions: ParsableArguments {
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

    /// --theme, checked.
    var pageTheme: Theme? {
        get throws { try theme?.value(of: "--theme") }
    }
}
