import ArgumentParser
import Fonts
import Pagination

/// The page the books are measured on: the layout options of `pageturn paginate`, with its
/// defaults, handed on unchanged to every child process (the benchmark's own and
/// `pageturn paginate`), so that each measures the layout asked for.
struct BenchLayout: ParsableArguments {
    @Option(parsing: .unconditional, help: "Page width in logical pixels.") var width: Float = 800
    @Option(parsing: .unconditional, help: "Page height in logical pixels.") var height: Float = 1000
    @Option(parsing: .unconditional, help: "Margin on every side, in logical pixels.") var margin: Float = 40
    @Option(help: "The text face, as pageturn's --font (default: the book faces).") var font: String?
    @Option(name: .customLong("cjk-font"), help: "The CJK face, as pageturn's --cjk-font.") var cjkFont: String?
    @Option(parsing: .unconditional, help: "Font size in pixels.") var size: Float = 18
    @Option(name: .customLong("line-height"), parsing: .unconditional, help: "Distance between baselines (default: 1.5 × size).")
    var lineHeight: Float?
    @Option(help: "The preset of the books' second pass: book or plain (the first and Pango's are plain).")
    var preset: LayoutPreset = .book
    @Option(help: "CJK line-start rules: strict, normal, loose or uax14.") var kinsoku: Kinsoku = .normal
    @Flag(name: .customLong("no-hanging"), help: "Never hang closing punctuation in the right margin.") var noHanging = false
    @Option(help: "auto or off, as pageturn's --hyphenate.") var hyphenate: String = "auto"
    @Option(name: .customLong("line-breaking"), help: "optimal or greedy, as pageturn's --line-breaking.")
    var lineBreaking: LineBreaking = .optimal

    /// The settings these options describe, or an error naming what is wrong with them.
    func validatedSettings() throws -> LayoutSettings {
        var settings = LayoutSettings(pageWidth: width, pageHeight: height, margin: margin, fontSize: size, lineHeight: lineHeight,
                                      preset: preset, kinsoku: kinsoku, hangingPunctuation: noHanging ? false : nil)
        guard ["auto", "off"].contains(hyphenate) else { throw BenchError("--hyphenate is auto or off, not \(hyphenate)") }
        settings.hyphenation = hyphenate == "auto"
        settings.lineBreaking = lineBreaking
        if let problem = settings.problem { throw BenchError(problem) }
        return settings
    }

    /// --font and --cjk-font.
    var faces: BookFonts.Request { BookFonts.Request(font: font, cjkFont: cjkFont) }

    /// The options again, as arguments for a child process (the benchmark's `--single` and
    /// `pageturn paginate`); `preset` overrides `--preset`.
    func childArguments(preset: LayoutPreset? = nil) -> [String] {
        var out = ["--width", "\(width)", "--height", "\(height)", "--margin", "\(margin)", "--size", "\(size)"]
        if let lineHeight { out += ["--line-height", "\(lineHeight)"] }
        if let font { out += ["--font", font] }
        if let cjkFont { out += ["--cjk-font", cjkFont] }
        out += ["--preset", (preset ?? self.preset).rawValue, "--kinsoku", kinsoku.rawValue, "--hyphenate", hyphenate,
                "--line-breaking", lineBreaking.rawValue]
        if noHanging { out.append("--no-hanging") }
        return out
    }
}

extension LayoutPreset: @retroactive ExpressibleByArgument {}
extension Kinsoku: @retroactive ExpressibleByArgument {}
extension LineBreaking: @retroactive ExpressibleByArgument {}

/// A failure of the benchmark's own, said in one line.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
