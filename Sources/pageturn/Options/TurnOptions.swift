import ArgumentParser
import PageTurner
import Reader

/// How a page turns: the curl drawn, which way the pages run and whether the window shows
/// one page or two-page spreads (`read`, `render`, `simulate`). Not given: classic, left to
/// right, auto (`read` keeps the book's saved choice).
struct TurnOptions: ParsableArguments {
    @Option(help: "How a turning page is drawn (default: classic).") var curl: Checked<CurlModel>?
    @Option(help: ArgumentHelp("The point of a dragged page that stays under the pointer: edge (the page's free edge, "
                               + "as paper is held) or fold (the fold moves as far as the pointer). Default: fold for "
                               + "the classic curl on a single page, whose fold is under the finger; edge for the others "
                               + "and on a spread's leaf. Only the picture changes: gestures decide alike.",
                               valueName: "edge|fold"))
    var grip: Checked<TurnGrip>?
    @Option(help: ArgumentHelp("How much pages move when they turn: full (the curl), reduced (pages slide aside, "
                               + "flat), or none (they change at once). Gestures decide alike. Default: the book's "
                               + "saved choice in read, else full.", valueName: "full|reduced|none"))
    var motion: Checked<TurnMotion>?
    @Option(help: ArgumentHelp("Page progression: ltr, or rtl for a book read right to left (the next page comes "
                               + "from the left). Default: ltr.", valueName: "ltr|rtl"))
    var progression: Checked<PageProgression>?
    @Flag(help: "The same as --progression rtl.") var rtl = false
    @Option(help: ArgumentHelp("One page or two-page spreads. auto: a spread when the window is wider than tall and "
                               + "each page is still at least 28 ems wide; single: always one page; spread: two pages "
                               + "whenever each is at least 160 px wide. Default: auto.", valueName: "auto|single|spread"))
    var layout: Checked<SpreadMode>?

    func validate() throws {
        _ = try curlModel
        _ = try turnGrip
        _ = try turnMotion
        _ = try pageProgression
        _ = try spreadMode
    }

    /// --layout, checked.
    var spreadMode: SpreadMode? {
        get throws { try layout?.value(of: "--layout") }
    }

    /// --motion, checked.
    var turnMotion: TurnMotion? {
        get throws { try motion?.value(of: "--motion") }
    }

    /// --grip, checked.
    var turnGrip: TurnGrip? {
        get throws { try grip?.value(of: "--grip") }
    }

    /// --curl, checked.
    var curlModel: CurlModel? {
        get throws { try curl?.value(of: "--curl") }
    }

    /// --progression or --rtl, checked.
    var pageProgression: PageProgression? {
        get throws {
            let named = try progression?.value(of: "--progression")
            guard rtl else { return named }
            if named == .leftToRight { throw UserError("--rtl and --progression ltr contradict each other") }
            return .rightToLeft
        }
    }
}
