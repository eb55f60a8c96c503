@preconcurrency internal import CFontconfig
internal import Synchronization

/// Where a face lives: a font file and the face's index inside it (TTC/OTC collections
/// hold several faces).
public struct FontLocation: Sendable, Hashable, CustomStringConvertible {
    /// Absolute path of the font file.
    public let path: String
    /// Index of the face inside the file (0 for a single-face file).
    public let faceIndex: Int
    /// The family fontconfig reports first for the face, e.g. `DejaVu Sans`.
    public let family: String

    /// A location, e.g. from a user's settings rather than from fontconfig.
    public init(path: String, faceIndex: Int = 0, family: String = "") {
        self.path = path
        self.faceIndex = faceIndex
        self.family = family
    }

    /// `family (path#index)`, for logs.
    public var description: String { "\(family) (\(path)#\(faceIndex))" }
}

/// Finds the system's fonts for books through fontconfig.
///
/// Each locator loads its own fontconfig configuration (the installed fonts as of its
/// creation) and releases it when it goes away; queries are serialised on a lock. No query
/// ever traps: when nothing suitable is installed the answer is nil.
public final class FontLocator: Sendable {
    private let config: Mutex<ConfigHandle>

    /// Checks `FONTCONFIG_FILE` (a regular file of at most 1 MiB, else dropped with one line):
    /// a program calls it at its start, before any thread, since dropping it changes the
    /// environment (the first locator made checks it too).
    public static func checkConfigurationFile() { FontconfigFile.check() }

    /// Loads fontconfig's configuration and font list; nil when fontconfig cannot.
    public init?() {
        FontconfigFile.check()
        guard let config = pageturn_FcInitLoadConfigAndFonts() else { return nil }
        self.config = Mutex(ConfigHandle(config: config))
    }

    /// The default text face: the first of `BookFaces.textFamilies` installed, otherwise
    /// whatever fontconfig chooses for `serif` in English, or nil when there is no font at all.
    public func textFace() -> FontLocation? {
        for family in BookFaces.textFamilies {
            if let found = match(family: family, language: "en", requireFamily: true) { return found }
        }
        return match(family: "serif", language: "en", requireFamily: false)
    }

    /// The CJK face for `cut`: the first of its families installed (`BookFaces.CJKCut`), then
    /// any face whose language coverage includes the cut's language; nil when none is.
    public func cjkFace(_ cut: BookFaces.CJKCut = .simplified) -> FontLocation? {
        for family in cut.families {
            if let found = match(family: family, language: cut.fontconfigLanguage, requireFamily: true) { return found }
        }
        return match(family: nil, language: cut.fontconfigLanguage, requireFamily: false, requireLanguage: true)
    }

    /// A face for a script the text and CJK faces lack, by the language it covers (`th`,
    /// `lo`, `km`, `my`…) as fontconfig ranks them; nil when none is installed.
    public func scriptFace(language: String) -> FontLocation? {
        match(family: nil, language: language, requireFamily: false, requireLanguage: true)
    }

    /// The book font set: the text face plus the Simplified Chinese face when one exists, or
    /// nil when not even a text face is installed.
    ///
    /// - Throws: `FontError` when a located file cannot be opened after all.
    public func defaultFontSet() throws(FontError) -> FontSet? {
        guard let text = textFace() else { return nil }
        return try FontSet(primary: text, cjk: cjkFace())
    }

    /// Runs `body` with fontconfig's configuration, under the locator's lock.
    func withConfig<R: Sendable>(_ body: (OpaquePointer) -> R) -> R {
        config.withLock { handle -> R in body(handle.config) }
    }

    /// The best match for `family` (if any) and `language` as fontconfig ranks it,
    /// regular weight and upright by default, or nil when the match is not acceptable.
    func match(
        family: String?, language: String, requireFamily: Bool, requireLanguage: Bool = false, italic: Bool = false,
        bold: Bool = false
    ) -> FontLocation? {
        config.withLock { handle -> FontLocation? in
            guard let pattern = pageturn_FcPatternCreate() else { return nil }
            defer { pageturn_FcPatternDestroy(pattern) }
            if let family { pageturn_FcPatternAddString(pattern, FC_FAMILY, family) }
            if let languages = pageturn_FcLangSetCreate() {
                pageturn_FcLangSetAdd(languages, fcString(language))
                pageturn_FcPatternAddLangSet(pattern, FC_LANG, languages)
                pageturn_FcLangSetDestroy(languages)
            }
            pageturn_FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
            if italic { pageturn_FcPatternAddInteger(pattern, FC_SLANT, Int32(FC_SLANT_ITALIC)) }
            if bold { pageturn_FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FC_WEIGHT_BOLD)) }
            guard pageturn_FcConfigSubstitute(handle.config, pattern, FcMatchPattern) == FcBool(FcTrue) else { return nil }
            pageturn_FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let found = pageturn_FcFontMatch(handle.config, pattern, &result) else { return nil }
            defer { pageturn_FcPatternDestroy(found) }

            var file: UnsafeMutablePointer<FcChar8>?
            guard pageturn_FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
            var index: Int32 = 0
            if pageturn_FcPatternGetInteger(found, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            let families = Self.strings(found, FC_FAMILY)

            if requireFamily, let family {
                guard families.contains(where: { Self.sameFamily($0, family) }) else { return nil }
            }
            if requireLanguage {
                var languages: OpaquePointer?
                guard pageturn_FcPatternGetLangSet(found, FC_LANG, 0, &languages) == FcResultMatch, let languages,
                      pageturn_FcLangSetHasLang(languages, fcString(language)) == FcLangEqual
                else { return nil }
            }
            return FontLocation(
                path: String(cString: file), faceIndex: Int(index) & 0xFFFF, family: families.first ?? "")
        }
    }

    /// Every string value of `object` in `pattern`, in order.
    static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while pageturn_FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: value))
        }
        return values
    }

    /// Family names compare like fontconfig compares them: ignoring case and blanks.
    static func sameFamily(_ a: String, _ b: String) -> Bool { familyKey(a) == familyKey(b) }

    /// A family name as fontconfig compares it: lower case, without blanks.
    static func familyKey(_ s: String) -> String { s.lowercased().filter { $0 != " " } }
}

/// fontconfig takes language tags as NUL-terminated `FcChar8` strings.
private func fcString(_ tag: String) -> [FcChar8] { Array(tag.utf8) + [0] }

/// A fontconfig configuration, destroyed with its locator.
private struct ConfigHandle: ~Copyable {
    let config: OpaquePointer

    init(config: OpaquePointer) { self.config = config }

    deinit { pageturn_FcConfigDestroy(config) }
}
