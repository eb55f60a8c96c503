/// An installed font family as a reader chooses it: its name, as `--font` and the saved
/// preference take it, and its regular face (`FontLocator.installedFamilies()`).
public struct FontFamily: Sendable, Hashable {
    /// The family's name, e.g. `Noto Serif`.
    public var name: String
    /// Its upright face of regular weight and width.
    public var regular: FontLocation

    public init(name: String, regular: FontLocation) {
        self.name = name
        self.regular = regular
    }

    /// A family name as fontconfig compares names: lower case, without blanks.
    public static func comparable(_ name: String) -> String { FontLocator.familyKey(name) }
}
