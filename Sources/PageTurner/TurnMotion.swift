/// How much a page moves when it turns (`--motion`): for readers whom motion makes unwell or
/// distracts. WCAG 2.3.3 (Animation from Interactions) asks that motion set off by an
/// interaction can be turned off, and it is the page-turn setting readers ask for most after
/// right to left (Foliate #1161, Readest #2957, Thorium #1286).
///
/// Only the picture changes: gestures, thresholds and the turn machine decide alike under
/// all three, and a turn takes as long to settle.
public enum TurnMotion: String, Sendable, Hashable, CaseIterable {
    /// The chosen curl, as it is.
    case full
    /// The page slides aside flat (`CurlModel.slide`): no fold, no shadow, no depth.
    case reduced
    /// No animation: the page changes as soon as the turn is decided (`CurlModel.none`).
    case none

    /// The model a turn is drawn with when `chosen` is the curl chosen.
    public func curl(for chosen: CurlModel) -> CurlModel {
        switch self {
        case .full: chosen
        case .reduced: chosen == .none ? .none : .slide
        case .none: .none
        }
    }

    /// The next setting, for a button that steps through them (after `none`, `full`).
    public var next: TurnMotion {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
