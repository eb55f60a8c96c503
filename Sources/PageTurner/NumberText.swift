/// Numbers as the command line writes them, in JSON and in tables alike: rounded to a number
/// of decimals (or not at all: a setting as given), a whole result without a fraction (`3`,
/// not `3.0`), any other as the shortest decimal that reads back to the same value (rounded
/// to three places, 0.1 + 0.2 is `0.3`; unrounded, `0.30000000000000004`), halves rounded
/// away from zero, and what is not a number as JSON's `null`.
public enum NumberText {
    /// `value` rounded to `decimals` places (nil: as it is).
    public static func format(_ value: Double, decimals: Int? = nil) -> String {
        guard value.isFinite else { return "null" }
        var rounded = value
        if let decimals {
            var scale = 1.0
            for _ in 0..<max(0, decimals) { scale *= 10 }
            rounded = (value * scale).rounded() / scale
        }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
