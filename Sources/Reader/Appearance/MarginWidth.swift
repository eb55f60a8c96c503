/// How wide the reader's margins are: `PageMargins` scales the margin it gives a page by
/// `scale` (narrow for a small screen, wide for a page with room to breathe). The text block
/// is also capped at about 75 characters a line (`LayoutSettings.fitted`), so on a wide
/// window the margins grow past this anyway.
public enum MarginWidth: String, CaseIterable, Sendable {
    case narrow, normal, wide

    /// The factor on the page's margin.
    public var scale: Float {
        switch self {
        case .narrow: return 0.5
        case .normal: return 1
        case .wide: return 1.6
        }
    }

    /// The next choice, for the toolbar button that cycles through them.
    public var next: MarginWidth {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
