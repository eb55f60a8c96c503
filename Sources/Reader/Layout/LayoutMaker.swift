import Fonts
import PageTurner
import Pagination
import WorkerThreads

/// Makes a book's layouts for a page size and font size: what every layout of one session
/// shares (the fonts, their advance tables, one per font size, made once each; the page
/// cache; whether full passes run in the background).
public final class LayoutMaker {
    public let book: Book
    /// The book's fonts (the renderer rasterizes from the same set).
    public let fonts: FontSet
    /// Part of the page cache's key: the fonts' identity.
    let fontFingerprint: String
    let pageCache: PageCache?
    let backgroundLayout: Bool
    private var advancesBySize: [Float: AdvanceTable] = [:]

    init(book: Book, fonts: FontSet, pageCache: PageCache?, backgroundLayout: Bool) {
        self.book = book
        self.fonts = fonts
        fontFingerprint = String(fonts.fingerprint, radix: 16)
        self.pageCache = pageCache
        self.backgroundLayout = backgroundLayout
    }

    /// The fonts' advances at `size` pixels.
    ///
    /// On a first start (no table on disk for these faces at this size) a reader that lays
    /// out in the background takes the table without pair kerning for this session, the
    /// lines the same and the first page 100 ms sooner (`FontSet.advanceTableWithoutPairKerning`;
    /// its pages are cached under the key the whole table gives, `AdvanceTable.advancesDigest`),
    /// while a worker thread makes the whole table and keeps it on disk for the next start.
    func advances(for size: Float) -> AdvanceTable {
        if let a = advancesBySize[size] { return a }
        let a: AdvanceTable
        if let cached = fonts.cachedAdvanceTable(pixelSize: size) {
            a = cached
        } else if backgroundLayout && fonts.keepsAdvanceTables {
            a = fonts.advanceTableWithoutPairKerning(pixelSize: size)
            let fonts = self.fonts
            WorkerThread.start { _ = fonts.advanceTable(pixelSize: size) }
        } else {
            a = fonts.advanceTable(pixelSize: size)
        }
        advancesBySize[size] = a
        return a
    }

    /// A layout for `pageSize` with the reader's `preferences` (font size, margins, line
    /// spacing, hyphenation) in the text's `language` (see `LayoutSettings`), its pages facing
    /// each other in spreads when `facingPages`, the page holding `offset` laid out now; its
    /// full pass started at once or, with `startPass: false`, held back (see `BookLayout`).
    func layout(pageSize: Size, facingPages: Bool = false, preferences: ReaderPreferences, language: ContentLanguage?,
                at offset: Int, startPass: Bool) -> BookLayout {
        var settings = preferences.layoutSettings(pageSize: pageSize, language: language)
        settings.facingPages = facingPages
        return BookLayout(book: book, settings: settings, advances: advances(for: settings.fontSize),
                          shaper: fonts.shaper(pixelSize: settings.fontSize), fonts: fonts,
                          fontFingerprint: fontFingerprint, at: offset, cache: pageCache,
                          background: backgroundLayout, startPass: startPass)
    }
}
