import FoundationEssentials
import Pagination

/// The fonts a book is laid out with: a text face, a CJK face when the book has CJK text in
/// it, and fallback faces by coverage for whatever else its text uses, measured
/// (`advances`) and shaped (`shaper`) at one pixel size. `paginate`, `layout`, `render`, the
/// reader and the benchmark all open a book's fonts here, so they lay it out alike.
///
/// The default faces are the book faces (`BookFaces`), located by fontconfig once and then
/// read from `FontLocationCache`; a cached location that is no longer a font is asked of
/// fontconfig again.
public struct BookFonts {
    /// The faces asked for: each an installed family's name or a font file; nil (or `auto`)
    /// for the book faces; and whether a book's own typefaces set the text that names them
    /// (`--publisher-fonts`: `BookTypefaces`).
    public struct Request: Sendable, Equatable {
        public var font: String?
        public var cjkFont: String?
        public var publisherFonts: Bool

        public init(font: String? = nil, cjkFont: String? = nil, publisherFonts: Bool = true) {
            self.font = font
            self.cjkFont = cjkFont
            self.publisherFonts = publisherFonts
        }

        /// Whether the reader chose a text face of its own, which sets the body in place of
        /// the book's body typeface.
        public var choosesTextFace: Bool { font != nil && font != "auto" }
    }

    /// The faces, fallbacks included, tried in order.
    public let set: FontSet
    /// The fallback faces chosen for the book's text, and what no installed face covers (nil
    /// when no text was given).
    public let fallback: FallbackChoice?
    /// The set's advances and kerning at `pixelSize` (`AdvanceTableCache` on disk).
    public let advances: AdvanceTable
    /// HarfBuzz over the set at `pixelSize`.
    public let shaper: HarfBuzzShaper

    /// Measures `set` at `pixelSize`.
    public init(set: FontSet, fallback: FallbackChoice?, pixelSize: Float) {
        self.init(set: set, fallback: fallback, advances: set.advanceTable(pixelSize: pixelSize))
    }

    /// `set` with its `advances` already read (`FontSet.advanceTable(pixelSize:)`), shaped at
    /// their size.
    public init(set: FontSet, fallback: FallbackChoice?, advances: AdvanceTable) {
        self.set = set
        self.fallback = fallback
        self.advances = advances
        shaper = set.shaper(pixelSize: advances.pixelSize)
    }

    /// Opens the faces `request` names (the book faces for what it leaves out) and, with
    /// `coverage` (the characters of the book's text), a fallback face for every character
    /// they lack. The book's `language` picks the CJK cut (a Song face for Chinese, a Mincho
    /// for Japanese) and ranks the fallbacks. The default CJK face is opened only when
    /// `coverage` has East Asian wide characters (or no coverage is given): opening Noto
    /// Serif CJK costs a few milliseconds of every start, and a stray CJK character still
    /// finds a fallback by coverage. A text with underscores (emphasis, `EmphasisMarks`) gets
    /// the text face's italic too (`FontFace.italicFace`); a book that says which styles it
    /// sets text in (`styles`: a structured book's) gets the text face's faces for them.
    /// `trace` hears each step's name as it ends.
    public static func openSet(_ request: Request, coverage: TextCoverage?, language: ContentLanguage?, styles: FaceStyle = [],
                               trace: (String) -> Void = { _ in }) throws(FontError) -> (set: FontSet, fallback: FallbackChoice?) {
        let font = request.font == "auto" ? nil : request.font
        let cjkFont = request.cjkFont == "auto" ? nil : request.cjkFont
        let cut = BookFaces.CJKCut(language)
        let needsSearch = font == nil || cjkFont == nil
        var found = needsSearch ? FontLocationCache().defaultFaces(cut: cut) : FontLocationCache.Faces(text: nil, cjk: nil)
        if needsSearch { trace("fonts located") }
        let primary: FontFace
        if let font {
            primary = try openFace(named: font)
        } else if let face = found.text {
            do {
                primary = try FontFace(path: face.path, faceIndex: face.faceIndex)
            } catch {
                // The cache named a file that is no longer a font: fontconfig's answer now is final.
                found = FontLocationCache().defaultFaces(cut: cut, askingAgain: true)
                guard let again = found.text else { throw error }
                primary = try FontFace(path: again.path, faceIndex: again.faceIndex)
            }
        } else {
            throw .noTextFace
        }
        var cjk: FontFace?
        if let cjkFont {
            cjk = try openFace(named: cjkFont)
        } else if let face = found.cjk, coverage?.hasEastAsianWide ?? true {
            cjk = try? FontFace(path: face.path, faceIndex: face.faceIndex)
            if cjk == nil, let again = FontLocationCache().defaultFaces(cut: cut, askingAgain: true).cjk {
                cjk = try? FontFace(path: again.path, faceIndex: again.faceIndex)
            }
        }
        var set = FontSet(primary: primary, cjk: cjk)
        set.advanceCache = AdvanceTableCache()
        var fallback: FallbackChoice?
        if let coverage {
            (set, fallback) = set.addingFallbacks(for: coverage, language: language, cache: FallbackCache(),
                                                  locator: { FontLocator() })
            // Emphasis in `_underscores_` is set in the text face's italic.
            let needed = coverage.mayMarkEmphasis ? styles.union(.italic) : styles
            let styled = primary.styledFaces(for: needed, locator: { FontLocator() })
            if !styled.isEmpty { set = set.withStyled(styled) }
        }
        trace("fonts opened")
        return (set, fallback)
    }

    /// The longest family name looked for, in characters: installed families' names are a few
    /// dozen; a longer one (a crafted option or state file) is refused before any search.
    public static let longestFamilyName = 256

    /// `--font` and the saved font: a font file (a name with a `/`, or one that exists), or
    /// an installed family's name (its regular face).
    public static func openFace(named name: String) throws(FontError) -> FontFace {
        if name.contains("/") || FileManager.default.fileExists(atPath: name) { return try FontFace(path: name) }
        guard name.count <= longestFamilyName else { throw .noSuchFamily(name: name, close: []) }
        guard let locator = FontLocator() else { throw .fontconfigUnavailable }
        guard let found = locator.face(family: name) else {
            throw .noSuchFamily(name: name, close: locator.familiesClose(to: name))
        }
        return try FontFace(path: found.path, faceIndex: found.faceIndex)
    }

    /// "Noto Serif + Noto Serif CJK SC + Noto Naskh Arabic".
    public var familyNames: String {
        ([set.primary.familyName, set.cjk?.familyName].compactMap { $0 } + set.others.map(\.familyName))
            .joined(separator: " + ")
    }
}
