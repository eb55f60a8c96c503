import ArgumentParser
import PageTurner
import Pagination
import Reader

// The values options name, read from the command line by their names (the raw values, or a
// tap-zone preset's name); help and shell completion list every one.

extension CurlModel: ExpressibleByArgument {}

extension TurnMotion: ExpressibleByArgument {}
extension TurnGrip: ExpressibleByArgument {}
extension CommitRule: ExpressibleByArgument {}

extension Theme: ExpressibleByArgument {}

extension PageProgression: ExpressibleByArgument {}

extension SpreadMode: ExpressibleByArgument {}

extension TurnDirection: ExpressibleByArgument {}

extension LayoutPreset: ExpressibleByArgument {}

extension Kinsoku: ExpressibleByArgument {}

extension LineBreaking: ExpressibleByArgument {}

extension MarginWidth: ExpressibleByArgument {}

extension TapZoneLayout: ExpressibleByArgument {
    /// The preset called `argument` (`TapZoneLayout.named`).
    public init?(argument: String) {
        guard let layout = Self.named(argument) else { return nil }
        self = layout
    }

    public var defaultValueDescription: String { name }

    public static var allValueStrings: [String] { presets.map(\.name) }
}
