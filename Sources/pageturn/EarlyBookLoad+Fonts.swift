import Fonts
import Pagination
import Reader

/// The fonts of the book read ahead, opened on its thread as soon as its text is known, while
/// the first core still parses the command line (2–3 ms): locating and opening the faces,
/// choosing fallbacks for the book's characters and reading the advance table take another
/// 2–3 ms, which were the first core's after the parse. The faces come from `--font` and
/// `--cjk-font` as written on the command line, the size from `--size` (18, every command's
/// default, when it is not given), the language is the one detected from the text. What the
/// command then asks `BookFonts` for is taken from here only when it is exactly that, and
/// only once (the set and the table are let go when handed out); otherwise the guess cost
/// background work.
extension EarlyBookLoad {
    /// The faces named on a command line (`--font X` or `--font=X`, the same for
    /// `--cjk-font`); the last one given wins, as ArgumentParser takes it.
    static func guessedFaces(_ arguments: [String]) -> BookFonts.Request {
        BookFonts.Request(font: value(of: "--font", in: arguments), cjkFont: value(of: "--cjk-font", in: arguments))
    }

    /// The size named on a command line, or 18 when none is; nil for a size outside the
    /// reader's range (`ReaderPreferences.fontSizes`): no table is read ahead for it, since
    /// one read for a size the command then refuses would only push a useful table out of
    /// the cache.
    static func guessedSize(_ arguments: [String]) -> Float? {
        guard let written = value(of: "--size", in: arguments) else { return 18 }
        return Float(written).flatMap { ReaderPreferences.fontSizes.contains($0) ? $0 : nil }
    }

    /// The last value of `option` in `arguments`, or nil.
    private static func value(of option: String, in arguments: [String]) -> String? {
        var found: String?
        for (k, argument) in arguments.enumerated() {
            if argument == option, k + 1 < arguments.count {
                found = arguments[k + 1]
            } else if argument.hasPrefix(option + "=") {
                found = String(argument.dropFirst(option.count + 1))
            }
        }
        return found
    }

    /// Opens `box`'s faces for text with `coverage` in `language` and calls `setReady`, then
    /// starts opening HarfBuzz's fonts and reads the advances at `box.size` (on the thread
    /// that read the text).
    static func openFonts(_ box: Loaded, coverage: TextCoverage, language: ContentLanguage?, setReady: () -> Void) {
        guard let (set, fallback) = try? BookFonts.openSet(box.faces, coverage: coverage, language: language) else { return }
        box.fonts = (set, fallback, language)
        box.setIdentity = ObjectIdentifier(set.harfBuzz)
        setReady()
        LayoutPreload.startFonts(of: set)
        if let size = box.size { box.advances = set.advanceTable(pixelSize: size) }
    }

    /// The fonts opened ahead for `text` (the book read ahead, by its very bytes), when they
    /// were opened for exactly `faces` and `language` (waiting for them); nil otherwise.
    static func fonts(for text: BookText, faces: BookFonts.Request, language: ContentLanguage?)
        -> (set: FontSet, fallback: FallbackChoice?)? {
        guard let box = readAhead(of: text), box.faces == faces else { return nil }
        box.fontsDone.wait()
        guard let fonts = box.fonts, fonts.language == language else { return nil }
        box.fonts = nil
        return (fonts.set, fonts.fallback)
    }

    /// The advance table read ahead for `set` (the set `fonts(for:faces:language:)` gave) at
    /// `pixelSize` (waiting for it), once; nil otherwise, at once for another set.
    static func advances(for set: FontSet, pixelSize: Float) -> AdvanceTable? {
        let box = taken.withLock { $0 }
        guard let box, box.size == pixelSize else { return nil }
        box.fontsDone.wait()
        guard box.setIdentity == ObjectIdentifier(set.harfBuzz) else { return nil }
        box.tableDone.wait()
        defer { box.advances = nil }
        return box.advances
    }
}
