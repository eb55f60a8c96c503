import ArgumentParser
import PageTurner

/// Where a tap turns the page or shows the toolbars (`read`, `simulate`). Not given: the
/// `default` preset (`read` keeps the book's saved choice).
struct TapZoneOptions: ParsableArguments {
    @Option(help: "Where taps turn pages or show the toolbars (default: default).") var zones: Checked<TapZoneLayout>?

    func validate() throws { _ = try layout }

    /// --zones, checked.
    var layout: TapZoneLayout? {
        get throws { try zones?.value(of: "--zones") }
    }
}
