import PageTurner
import Pagination
import Reader

/// The preferences given on the command line (already checked), which win over saved ones.
struct PreferenceOverrides: Sendable {
    var size: Float?
    var curl: CurlModel?
    var motion: TurnMotion?
    var theme: Theme?
    var zones: TapZoneLayout?
    var progression: PageProgression?
    var spreadMode: SpreadMode?
    /// --lang: a language, or `auto` (back to the one detected from the text).
    var language: LanguageOptions.Choice?
    /// --hyphenate.
    var hyphenation: Bool?
    /// --markup.
    var markup: TextMarkup?
    var margins: MarginWidth?
    /// --font, as the book saves it: a family, or a font file's absolute path (so it opens from
    /// any folder); `.some(nil)` for `--font auto`, back to the book faces.
    var font: String??
    var lineSpacing: Float?

    init() {}

    /// What the options name (`render` has no --zones).
    init(_ appearance: AppearanceOptions, _ turn: TurnOptions, _ lang: LanguageOptions, _ tapZones: TapZoneOptions? = nil) throws {
        language = try lang.choice
        size = try appearance.fontSize
        hyphenation = appearance.hyphenate.map { $0 == .auto }
        markup = appearance.markup
        margins = try appearance.marginWidth
        font = appearance.font.map { $0 == "auto" ? nil : AppearanceOptions.savedFont($0) }
        lineSpacing = try appearance.spacing
        theme = try appearance.pageTheme
        curl = try turn.curlModel
        motion = try turn.turnMotion
        progression = try turn.pageProgression
        spreadMode = try turn.spreadMode
        zones = try tapZones?.layout
    }

    func apply(to p: inout ReaderPreferences) {
        if let size { p.fontSize = size }
        if let curl { p.curl = curl }
        if let motion { p.motion = motion }
        if let theme { p.theme = theme }
        if let zones { p.zones = zones }
        if let progression { p.progression = progression }
        if let spreadMode { p.spreadMode = spreadMode }
        if let hyphenation { p.hyphenation = hyphenation }
        if let markup { p.markup = markup }
        if let margins { p.margins = margins }
        if let font { p.font = font }
        if let lineSpacing { p.lineSpacing = lineSpacing }
        switch language {
        case .auto?: p.language = nil
        case .tag(let chosen)?: p.language = chosen
        case nil: break
        }
    }
}
