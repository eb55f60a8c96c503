import PageTurner

/// Whether the window shows one page or a two-page spread (`--layout`, saved with the book).
public enum SpreadMode: String, Sendable, Hashable, CaseIterable {
    /// A spread when the window is wider than tall and each page would still be at least
    /// `SpreadGeometry.minimumPageEms` ems wide (`SpreadGeometry.suits`); otherwise one page.
    case auto
    /// Always one page.
    case single
    /// Always a spread, unless the window is too narrow for two pages of at least
    /// `minimumSpreadPageWidth` px.
    case spread

    /// The narrowest page a forced spread makes, px: below it the window shows one page.
    public static let minimumSpreadPageWidth = 160.0

    /// The spread a window of `window` shows at `fontSize` px, or nil for one page.
    public func spread(window: Size, fontSize: Float) -> SpreadGeometry? {
        let geometry = SpreadGeometry(window: window)
        switch self {
        case .single: return nil
        case .spread: return geometry.pageSize.width >= Self.minimumSpreadPageWidth ? geometry : nil
        case .auto: return SpreadGeometry.suits(window: window, fontSize: Double(fontSize)) ? geometry : nil
        }
    }
}
