import ArgumentParser
import PageTurner
import Reader

/// How a page turns: the curl drawn and which way the pages run (`read`, `render`,
/// `simulate`). Not given: classic, left to right (`read` keeps the book's saved choice).
struct TurnOptions: ParsableArguments {
    @Option(help: "How a turning page is drawn (default: classic).") var curl: Checked<CurlModel>?
    @Option(help: ArgumentHelp("Page progression: ltr, or rtl for a book read right to left (the next page comes "
                               + "from the left). Default: ltr.", valueName: "ltr|rtl"))
    var progression: Checked<PageProgression>?
    @Flag(help: "The same as --progression rtl.") var rtl = false

    func validate() throws {
        _ = try curlModel
        _ = try pageProgression
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
