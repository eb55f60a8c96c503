import Fonts
import Pagination
import Reader

/// The command line's way into `BookFonts`: the faces `--font` and `--cjk-font` name (the
/// book faces for what they leave out), with the read-ahead's coverage of the book
/// (`EarlyBookLoad`), each step marked in the launch trace and a failure worded as one line.
extension BookFonts {
    /// The fonts `options` name, measured at its size, with fallbacks for `text`'s characters.
    /// The book's `language` (detected from `text` when not given) picks the CJK cut and ranks
    /// fallbacks. With `openingShaperAhead`, HarfBuzz's fonts are opened on the other core
    /// while this one reads the advance table (`LayoutPreload`), for a layout that starts at once.
    /// `styles`: the styles the book sets text in (a structured book's), whose faces of the
    /// text face's family are opened too.
    /// `book`: a structured book, whose own typefaces are added as `options` ask.
    static func load(_ options: LayoutOptions, for text: BookText? = nil, language: ContentLanguage? = nil,
                     styles: FaceStyle = [], book: Book? = nil, openingShaperAhead: Bool = false) throws -> BookFonts {
        var (set, fallback) = try loadSet(options.faces, for: text, language: language, styles: styles)
        set = BookTypefaceLoading.adding(to: set, structure: book?.structure, files: book?.files, request: options.faces)
        if let advances = EarlyBookLoad.advances(for: set, pixelSize: options.size) {
            let fonts = BookFonts(set: set, fallback: fallback, advances: advances)
            LaunchTrace.mark("advance table ready (read ahead)")
            return fonts
        }
        if openingShaperAhead { LayoutPreload.startFonts(of: set) }
        let fonts = BookFonts(set: set, fallback: fallback, pixelSize: options.size)
        LaunchTrace.mark("advance table ready")
        return fonts
    }

    /// The font set alone (no advance table yet), with fallbacks for `text`'s characters.
    static func loadSet(_ faces: Request, for text: BookText? = nil, language: ContentLanguage? = nil,
                        styles: FaceStyle = []) throws -> (set: FontSet, fallback: FallbackChoice?) {
        let language = language ?? text.flatMap(ContentLanguage.detect)
        if let text, let early = EarlyBookLoad.fonts(for: text, faces: faces, language: language) {
            LaunchTrace.mark("fonts opened (read ahead)")
            return early
        }
        let coverage = text.map { EarlyBookLoad.coverage(of: $0) ?? TextCoverage($0) }
        do {
            return try openSet(faces, coverage: coverage, language: language, styles: styles, trace: { LaunchTrace.mark($0) })
        } catch {
            throw UserError(error.description)
        }
    }

    /// The text face and fallbacks' fingerprint as the page cache's key names it (hexadecimal).
    var fingerprint: String { String(set.fingerprint, radix: 16) }
}
