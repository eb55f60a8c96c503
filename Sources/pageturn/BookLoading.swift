import Fonts
import Foundation
import Pagination
import TextDecoding

/// The fonts a command lays text out with: a text face, a CJK face and fallback faces by
/// coverage for whatever else the book uses (`BookFaces` unless `--font` and `--cjk-font`
/// name them), measured and shaped at the chosen size.
struct FontChoice {
    let set: FontSet
    let advances: AdvanceTable
    /// HarfBuzz over the set at the chosen size.
    let shaper: HarfBuzzShaper
    /// The fallback faces chosen for the book's text, and what no installed face covers.
    var fallback: FallbackChoice?
    var fingerprint: String { String(set.fingerprint, radix: 16) }

    /// Opens `--font` and `--cjk-font`, or the default faces (`FontLocationCache`: fontconfig
    /// only when its answer is not on file), and measures them (`AdvanceTableCache`). With
    /// `text`, also fallback faces for the characters it uses that these lack. The book's
    /// `language` (detected from `text` when not given) picks the CJK cut and ranks fallbacks.
    /// With `openingShaperAhead`, HarfBuzz's fonts are opened on the other core while this one
    /// reads the advance table (`LayoutPreload`), for a layout that starts at once.
    static func load(_ options: LayoutOptions, for text: BookText? = nil, language: ContentLanguage? = nil,
                     openingShaperAhead: Bool = false) throws -> FontChoice {
        let (set, fallback) = try loadSetAndFallbacks(options, for: text, language: language)
        if openingShaperAhead { LayoutPreload.startFonts(of: set) }
        let advances = set.advanceTable(pixelSize: options.size)
        LaunchTrace.mark("advance table ready")
        return FontChoice(set: set, advances: advances, shaper: set.shaper(pixelSize: options.size),
                          fallback: fallback)
    }

    /// The font set alone (no advance table yet); its tables are cached on disk. With `text`,
    /// also a fallback face for every character it uses that the faces lack (found by
    /// coverage with fontconfig, ranked for `language`, detected when not given).
    static func loadSet(_ options: LayoutOptions, for text: BookText? = nil, language: ContentLanguage? = nil) throws -> FontSet {
        try loadSetAndFallbacks(options, for: text, language: language).set
    }

    /// `loadSet`, and the fallback choice made for `text`.
    static func loadSetAndFallbacks(_ options: LayoutOptions, for text: BookText? = nil, language: ContentLanguage? = nil)
        throws -> (set: FontSet, fallback: FallbackChoice?) {
        var options = options  // `auto`: the book faces
        if options.font == "auto" { options.font = nil }
        if options.cjkFont == "auto" { options.cjkFont = nil }
        let needsSearch = options.font == nil || options.cjkFont == nil
        let language = language ?? text.flatMap(ContentLanguage.detect)
        let coverage = text.map { EarlyBookLoad.coverage(of: $0) ?? TextCoverage($0) }
        var found = needsSearch ? FontLocationCache().defaultFaces(cut: BookFaces.CJKCut(language))
            : FontLocationCache.Faces(text: nil, cjk: nil)
        if needsSearch { LaunchTrace.mark("fonts located") }
        do {
            let primary: FontFace
            if let name = options.font {
                primary = try openFont(named: name)
            } else if let face = found.text {
                do {
                    primary = try FontFace(path: face.path, faceIndex: face.faceIndex)
                } catch {
                    // The cache named a file that is no longer a font: fontconfig is asked
                    // again (and the file rewritten); its answer is final.
                    found = FontLocationCache().defaultFaces(cut: BookFaces.CJKCut(language), askingAgain: true)
                    guard let again = found.text else { throw error }
                    primary = try FontFace(path: again.path, faceIndex: again.faceIndex)
                }
            } else {
                throw UserError("no text font found: install fonts-noto-core or pass --font PATH")
            }
            var cjk: FontFace?
            if let name = options.cjkFont {
                cjk = try openFont(named: name)
            } else if let found = found.cjk, coverage?.hasEastAsianWide ?? true {
                // The book's CJK face only for a book with CJK text in it: opening Noto Serif
                // CJK and reading its tables costs a few milliseconds of every start. A stray
                // CJK character the book faces lack still finds a fallback face by coverage.
                cjk = try? FontFace(path: found.path, faceIndex: found.faceIndex)
                if cjk == nil, let again = FontLocationCache().defaultFaces(cut: BookFaces.CJKCut(language), askingAgain: true).cjk {
                    // The cache named a file that is no longer a font: fontconfig's answer now.
                    cjk = try? FontFace(path: again.path, faceIndex: again.faceIndex)
                }
            }
            var set = FontSet(primary: primary, cjk: cjk)
            set.advanceCache = AdvanceTableCache()
            var fallback: FallbackChoice?
            if let coverage {
                (set, fallback) = set.addingFallbacks(for: coverage, language: language,
                                                      cache: FallbackCache(), locator: { FontLocator() })
            }
            LaunchTrace.mark("fonts opened")
            return (set, fallback)
        } catch let error as FontError {
            throw UserError(error.description)
        }
    }

    /// `--font`: a font file, or an installed family's name (its regular face).
    static func openFont(named name: String) throws -> FontFace {
        if name.contains("/") || FileManager.default.fileExists(atPath: name) { return try FontFace(path: name) }
        guard let locator = FontLocator() else { throw UserError("cannot look up font families: fontconfig cannot load") }
        guard let found = locator.face(family: name) else {
            let close = locator.familiesClose(to: name)
            let hint = close.isEmpty ? "" : "; close: " + close.joined(separator: ", ")
            throw UserError("no installed font family is called \"\(name)\"\(hint)")
        }
        return try FontFace(path: found.path, faceIndex: found.faceIndex)
    }

    /// "Noto Serif + Noto Serif CJK SC + Noto Naskh Arabic".
    var familyNames: String {
        ([set.primary.familyName, set.cjk?.familyName].compactMap { $0 } + set.others.map(\.familyName))
            .joined(separator: " + ")
    }
}

/// Reading and decoding book files, with errors worded for the terminal.
enum BookLoading {
    /// The bytes of a book file (for the benchmark, which times decoding on its own).
    static func readBytes(path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UserError("no such file: \(path)")
        }
        if isDirectory.boolValue { throw UserError("\(path) is a folder, not a book") }
        guard let data = FileManager.default.contents(atPath: path) else { throw UserError("cannot read \(path)") }
        return [UInt8](data)
    }

    /// Decodes `bytes` (consumed: the only reference lets UTF-8 be normalized in place).
    static func decode(bytes: consuming [UInt8], encoding: String?, path: String) throws -> DecodedText {
        do {
            return try TextDecoder.decode(bytes, encoding: encoding)
        } catch {
            throw UserError("\(path): \(error.description)")
        }
    }

    /// Reads and decodes a book through `TextDecoder.decodeFile`, which refuses folders,
    /// files over 1 GiB and files that are not text, each with one clear line.
    static func load(path: String, encoding: String?) throws -> DecodedText {
        if let early = EarlyBookLoad.take(path: path, encoding: encoding) { return early }
        do {
            return try TextDecoder.decodeFile(atPath: path, encoding: encoding)
        } catch {
            switch error {
            case .fileNotFound: throw UserError("no such file: \(path)")
            case .isDirectory: throw UserError("\(path) is a folder, not a book")
            case .streamTooLarge(_, let kind, let limit):
                throw UserError("\(path) is \(kind) larger than the \(limit / 1_048_576) MiB limit for a book")
            default: throw UserError("\(path): \(error.description)")
            }
        }
    }
}
