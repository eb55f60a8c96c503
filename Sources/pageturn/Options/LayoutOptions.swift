import ArgumentParser
import Fonts
import Pagination

/// `paginate`'s layout options: page, margins, fonts, preset, line breaking.
///
/// Numeric options parse `.unconditional`ly, here and in every option group: the word after
/// the option is its value even when it starts with a dash, so `--size -1` is refused by
/// range in the same words as `--size=-1` (ArgumentParser would read `-1` as an option and
/// say "Missing value").
struct LayoutOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Page width in logical pixels.") var width: Float = 800
    @Option(parsing: .unconditional, help: "Page height in logical pixels.") var height: Float = 1000
    @Option(parsing: .unconditional, help: "Margin on every side, in logical pixels.") var margin: Float = 40
    @Option(help: "The text face: an installed family such as \"DejaVu Sans\" (a name of at most 256 characters), or a font file (default: Noto Serif, with each script's book face for what it lacks).")
    var font: String?
    @Option(name: .customLong("cjk-font"), help: "The CJK face: an installed family or a font file (default: Noto Serif CJK in the book's cut, a Song or Mincho face).")
    var cjkFont: String?
    @Option(name: .customLong("publisher-fonts"), help: ArgumentHelp(OnOff.publisherFontsHelp + " (default: on)"))
    var publisherFonts: OnOff = .on
    @Option(parsing: .unconditional, help: "Font size in pixels.") var size: Float = 18
    @Option(name: .customLong("line-height"), parsing: .unconditional,
            help: "Distance between baselines in pixels (default: 1.5 × size).")
    var lineHeight: Float?
    @Option(help: "book (justified, indents, re-flowed paragraphs) or plain (one line of the file per paragraph).")
    var preset: LayoutPreset = .book
    @Option(help: "CJK line-start rules: strict, normal, loose, or uax14 (no tailoring).") var kinsoku: Kinsoku = .normal
    @Flag(name: .customLong("no-hanging"), help: "Never hang closing punctuation in the right margin.")
    var noHanging = false
    @Option(help: """
        auto: in book, words may break with a hyphen where the patterns of the book's language allow \
        (hyphen-* packages; at least 2 letters before the hyphen and 3 after, at most 2 hyphenated lines in a \
        row); off: only at soft hyphens.
        """)
    var hyphenate: Hyphenation = .auto
    @Option(name: .customLong("line-breaking"), help: """
        optimal: book paragraphs are broken as TeX breaks them (Knuth–Plass total fit: the evenest spacing over \
        the whole paragraph, few hyphens); greedy: each line takes words while they fit.
        """)
    var lineBreaking: LineBreaking = .optimal
    @Option(help: TextMarkup.help) var markup: TextMarkup = .underscores

    /// `--hyphenate`.
    enum Hyphenation: String, ExpressibleByArgument, CaseIterable {
        case auto, off
    }

    var settings: LayoutSettings {
        var settings = LayoutSettings(pageWidth: width, pageHeight: height, margin: margin, fontSize: size, lineHeight: lineHeight,
                                      preset: preset, kinsoku: kinsoku, hangingPunctuation: noHanging ? false : nil)
        settings.hyphenation = hyphenate == .auto
        settings.lineBreaking = lineBreaking
        settings.markup = markup
        return settings
    }

    /// --font and --cjk-font.
    var faces: BookFonts.Request { BookFonts.Request(font: font, cjkFont: cjkFont, publisherFonts: publisherFonts == .on) }

    /// The settings, or a one-line error naming what is wrong with them.
    func validatedSettings() throws -> LayoutSettings {
        let settings = self.settings
        if let problem = settings.problem { throw UserError(problem) }
        return settings
    }
}

extension FolioDigits: ExpressibleByArgument {}

extension TextMarkup: ExpressibleByArgument {
    /// `--markup`'s help.
    static let help = ArgumentHelp(
        "underscores: in book, _a word or a phrase_ between underscores is set in italics, the underscores hidden "
            + "(Project Gutenberg's plain-text convention); none: underscores are shown as typed.")
}
