import PageTurner
import Pagination
import Reader

/// The preferences given on the command line (already checked), which win over saved ones:
/// one edit of `ReaderPreferences` for each option given.
struct PreferenceOverrides: Sendable {
    /// The preferences the options set, each with its edit.
    private var edits: [Edit] = []

    /// One preference given: its key path and how it is set. Key paths of stored properties
    /// are immutable values that capture nothing, safe to share between threads (the standard
    /// library does not say so of `PartialKeyPath` itself).
    private struct Edit: @unchecked Sendable {
        let path: PartialKeyPath<ReaderPreferences>
        let apply: @Sendable (inout ReaderPreferences) -> Void
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
        edits.append(Edit(path: path) { $0[keyPath: path] = value })
    }

    /// Whether an option set the preference at `path`.
    func sets(_ path: PartialKeyPath<ReaderPreferences>) -> Bool { edits.contains { $0.path == path } }

    func apply(to p: inout ReaderPreferences) {
        for edit in edits { edit.apply(&p) }
    }

    /// These overrides for the other books opened in the same run (from the shelf): the
    /// appearance given holds for them too, but not what belongs to the book the command named
    /// (its language and page progression).
    var forOtherBooks: PreferenceOverrides {
        var other = self
        other.edits.removeAll { $0.path == \ReaderPreferences.language || $0.path == \ReaderPreferences.progression }
        return other
    }

    /// `p` with the options' preferences.
    func applied(to p: ReaderPreferences) -> ReaderPreferences {
        var result = p
        apply(to: &result)
        return result
    }
}
