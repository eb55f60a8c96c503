import PageTurner

/// A change to what a turn machine works on, made between its inputs: the reader resizes its
/// machine with the window, gives it a new page count when the book is laid out again (or a
/// layout pass finishes) and a new page when the reader jumps, and a new configuration when
/// the curl, the reading direction or the layout (single pages or spreads) changes. A
/// recording carries these as script steps (`resize`, `pages`, `curl`, `progression`,
/// `layout`), so that its replay feeds the machine what the window's machine had, not only
/// the pointer.
public enum SetupChange: Sendable, Hashable {
    /// The page (the window) is now this many logical pixels (`TurnMachine.resize(to:)`).
    case resize(Size)
    /// The book is now `count` pages long and shows page `page`, 0-based
    /// (`TurnMachine.setPageCount(_:page:)`): a turn or gesture under way is dropped.
    case pages(count: Int, page: Int)
    /// Pages turn with this curl from now on (the `none` model lands a turn at once).
    case curl(CurlModel)
    /// Pages turn this way from now on.
    case progression(rightToLeft: Bool)
    /// The window shows spreads (`true`) or single pages (`TurnMachine.setSpread(_:)`); a
    /// `pages` change with the new count follows.
    case layout(spread: Bool)
}

/// What a replay knows of its set-up besides the machine: the settings, and the curl and the
/// direction a script's `curl` and `progression` steps change. One place makes each change as
/// the reader makes it, for `GestureReplay` and the gesture lab.
public struct ReplayedSetup: Sendable, Hashable {
    public var settings: TurnSettings
    public var curl: CurlModel
    public var rightToLeft: Bool

    public init(settings: TurnSettings, curl: CurlModel, rightToLeft: Bool) {
        self.settings = settings
        self.curl = curl
        self.rightToLeft = rightToLeft
    }

    /// The machine's configuration for the set-up as it is now.
    public var config: TurnConfig { settings.config(curl: curl, rightToLeft: rightToLeft) }

    /// Makes `change` to `machine` (and to this set-up), as `ReaderSession` does in the window.
    public mutating func apply(_ change: SetupChange, to machine: inout TurnMachine) {
        switch change {
        case .resize(let size):
            machine.resize(to: size)
        case .pages(let count, let page):
            machine.setPageCount(count, page: page)
        case .curl(let model):
            curl = model
            machine.config = config
        case .progression(let rightToLeft):
            self.rightToLeft = rightToLeft
            machine.config = config
        case .layout(let spread):
            machine.setSpread(spread)
        }
    }
}
