import PageTurner
import Pagination
import Reader

/// The preferences given on the command line (already checked), which win over saved ones:
/// one edit of `ReaderPreferences` for each option given.
struct PreferenceOverrides: Sendable {
    private var edits: [@Sendable (inout ReaderPreferences) -> Void] = []
    /// The preferences an option set.
    private var given = GivenPaths()

    /// Key paths of stored properties: immutable values that capture nothing, safe to share
    /// between threads (the standard library does not say so of `PartialKeyPath` itself).
    private struct GivenPaths: @unchecked Sendable {
        var paths: Set<PartialKeyPath<ReaderPreferences>> = []
    }

    init() {}

    /// What the options name (`render` has no --zones).
    init(_ appearance: AppearanceOptions, _ turn: TurnOptions, _ lang: LanguageOptions, _ tapZones: TapZoneOptions? = nil) throws {
        set(\.fontSize, try appearance.fontSize)
        set(\.hyphenation, appearance.hyphenate.map { $0 == .auto })
        set(\.markup, appearance.markup)
        set(\.folioDigits, appearance.folioDigits)
        set(\.margins, try appearance.marginWidth)
        // --font as the book saves it: a family, or a font file's absolute path (so it opens
        // from any folder); `auto` goes back to the book faces.
        set(\.font, appearance.font.map { $0 == "auto" ? nil : AppearanceOptions.savedFont($0) })
        set(\.lineSpacing, try appearance.spacing)
        set(\.publisherFonts, appearance.publisherFonts.map { $0 == .on })
        set(\.theme, try appearance.pageTheme)
        set(\.curl, try turn.curlModel)
        set(\.motion, try turn.turnMotion)
        set(\.progression, try turn.pageProgression)
        set(\.spreadMode, try turn.spreadMode)
        set(\.zones, try tapZones?.layout)
        switch try lang.choice {
        case .auto?: set(\.language, .some(nil))
        case .tag(let chosen)?: set(\.language, .some(chosen))
        case nil: break
        }
    }

    /// Sets the preference at `path` to `value` when the option was given (`value` not nil).
    private mutating func set<Value: Sendable>(_ path: WritableKeyPath<ReaderPreferences, Value> & Sendable, _ value: Value?) {
        guard let value else { return }
        edits.append { $0[keyPath: path] = value }
        given.paths.insert(path)
    }

    /// Whether an option set the preference at `path`.
    func sets(_ path: PartialKeyPath<ReaderPreferences>) -> Bool { given.paths.contains(path) }

    func apply(to p: inout ReaderPreferences) {
        for edit in edits { edit(&p) }
    }

    /// `p` with the options' preferences.
    func applied(to p: ReaderPreferences) -> ReaderPreferences {
        var result = p
        apply(to: &result)
        return result
    }
}
