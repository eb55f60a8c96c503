import PageTurner
import Pagination
import Reader

/// The page count of a book for `simulate --book`: laid out as `read` lays out a page of that
/// size (a spread's page, when the lab turns spreads) with the reader's default preferences:
/// its faces, font size, margins and line spacing. The lab turns the pages a reader would.
enum BookPages {
    static func count(path: String, pageSize: Size, facingPages: Bool = false) throws -> Int {
        layout(of: try ReaderBookLoader.open(path: path, encoding: nil), pageSize: pageSize, facingPages: facingPages).pageCount
    }

    /// `opened`'s pages as the reader lays them out on a page of `pageSize` with its default
    /// preferences, every page at once (no background pass, no cache).
    static func layout(of opened: ReaderBookLoader.Opened, pageSize: Size, facingPages: Bool = false) -> BookLayout {
        let preferences = ReaderPreferences()
        var settings = preferences.layoutSettings(pageSize: pageSize, language: preferences.language ?? opened.book.language)
        settings.facingPages = facingPages
        return BookLayout(book: opened.book, settings: settings, advances: opened.fonts.advanceTable(pixelSize: settings.fontSize),
                          shaper: opened.fonts.shaper(pixelSize: settings.fontSize), fontFingerprint: "", at: 0, cache: nil,
                          background: false)
    }
}
