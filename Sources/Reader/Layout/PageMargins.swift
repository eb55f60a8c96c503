import PageTurner
import Pagination

/// The reader's margins: how a page of a given size and a font size become `LayoutSettings`.
public enum PageMargins {
    /// The layout settings for a page and font size. Margins grow with the page: 6% of its
    /// shorter side, at least 24 and at most 72 logical pixels, times `margins.scale`; lines
    /// are `lineSpacing` times the font size apart. A page too small for those settings gets
    /// the smallest that work (160 × 160 at least, 8 px margins, 12 px text).
    public static func layoutSettings(pageSize: Size, fontSize: Float, margins: MarginWidth = .normal,
                                      lineSpacing: Float = ReaderPreferences.defaultLineSpacing) -> LayoutSettings {
        let short = Float(min(pageSize.width, pageSize.height))
        let margin = (min(max(24, (short * 0.06).rounded()), 72) * margins.scale).rounded()
        let settings = LayoutSettings(pageWidth: Float(pageSize.width), pageHeight: Float(pageSize.height), margin: margin,
                                      fontSize: fontSize, lineHeight: (fontSize * lineSpacing).rounded())
        if settings.problem == nil { return settings }
        return LayoutSettings(pageWidth: max(Float(pageSize.width), 160), pageHeight: max(Float(pageSize.height), 160),
                              margin: 8, fontSize: min(fontSize, 12))
    }
}

extension ReaderPreferences {
    /// The layout these preferences give a page of `pageSize` (a spread's page, when the window
    /// shows two) for text in `language`: `PageMargins`' margins for the page, the font size and
    /// line spacing, hyphenation. The one rule for the reader's pages and for `simulate --book`'s.
    public func layoutSettings(pageSize: Size, language: ContentLanguage?) -> LayoutSettings {
        var settings = PageMargins.layoutSettings(pageSize: pageSize, fontSize: fontSize, margins: margins, lineSpacing: lineSpacing)
        settings.language = language
        settings.hyphenation = hyphenation
        settings.markup = markup
        settings.folioDigits = folioDigits
        return settings
    }
}
