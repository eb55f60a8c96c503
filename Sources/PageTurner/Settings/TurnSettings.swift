/// Everything a person tuning page turns can set: the machine's thresholds (`TurnConfig`) and
/// the look of the curl models (`ClassicCurl`'s bands, `CylinderCurl`'s radius, tilt and
/// shading). Each is a `TurnSetting`, named by its property: the machine's by the name alone
/// (`commitFraction`), the curls' with their model before it (`classic.shadowWidth`,
/// `cylinder.maxRadius`). The defaults are the iOS tutorial's.
public struct TurnSettings: Sendable, Hashable {
    public var turn: TurnConfig
    public var classic: ClassicCurl
    public var cylinder: CylinderCurl
    /// The point of a dragged page the pointer holds (`--grip`, a recording's `#@ grip`); nil:
    /// the model's own (`CurlModel.defaultGrip(spread:)`).
    public var grip: TurnGrip?

    /// The iOS tutorial's settings.
    public init(turn: TurnConfig = TurnConfig(), classic: ClassicCurl = ClassicCurl(), cylinder: CylinderCurl = CylinderCurl(),
                grip: TurnGrip? = nil) {
        self.turn = turn
        self.classic = classic
        self.cylinder = cylinder
        self.grip = grip
    }

    /// The machine's configuration for pages drawn with `curl` in a reading direction: these
    /// thresholds, with no settling animation for the `none` model (`CurlModel.animates`),
    /// dragged pages held by `grip` (the model's own when nil), and the tap zones' previous and
    /// next swapped for right to left. What `simulate`, the lab
    /// and the reader window all build their machines with.
    public func config(curl: CurlModel, rightToLeft: Bool) -> TurnConfig {
        var c = turn
        c.rightToLeft = rightToLeft
        c.animated = curl.animates
        c.hold = PageHold(grip: grip, curl: CurlRenderer(model: curl, classic: classic, cylinder: cylinder))
        return c
    }

    /// The value of the setting named `name`, or nil when there is no such setting.
    public func value(of name: String) -> Double? {
        TurnSetting.named(name).map { self[keyPath: $0.keyPath] }
    }

    /// Sets `name` to `value`; refuses an unknown name, a value that is not finite, and one out
    /// of the setting's range, with the setting's own words.
    public mutating func set(_ name: String, to value: Double) throws(TurnSettingError) {
        guard let setting = TurnSetting.named(name) else { throw .unknownKey(name) }
        guard value.isFinite, setting.range.contains(value) else { throw .outOfRange(setting, value) }
        self[keyPath: setting.keyPath] = value
    }

    /// Applies `KEY=VALUE` (as `--set` takes it).
    public mutating func apply(assignment: String) throws(TurnSettingError) {
        guard let eq = assignment.firstIndex(of: "=") else { throw .notAnAssignment(assignment) }
        let name = String(assignment[..<eq]).trimmingSpaces
        let text = String(assignment[assignment.index(after: eq)...]).trimmingSpaces
        guard TurnSetting.named(name) != nil else { throw .unknownKey(name) }
        guard let value = Double(text) else { throw .notANumber(name, text) }
        try set(name, to: value)
    }

    /// Every setting as one JSON object, in `TurnSetting.all`'s order, one key a line: what
    /// `pageturn simulate --print-config` prints, to be edited and passed back with `--config`.
    public var json: String {
        let lines = TurnSetting.all.map { "  " + JSONString.quoted($0.name) + ": " + Self.formatted(self[keyPath: $0.keyPath]) }
        return "{\n" + lines.joined(separator: ",\n") + "\n}"
    }

    /// A setting's value as JSON and messages write it (`NumberText`, unrounded).
    public static func formatted(_ v: Double) -> String { NumberText.format(v) }
}

/// A setting that cannot be applied, in words that name it.
public enum TurnSettingError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String)
    case notAnAssignment(String)
    case notANumber(String, String)
    case outOfRange(TurnSetting, Double)

    public var description: String {
        switch self {
        case .unknownKey(let name):
            return "unknown setting '\(name)' (see pageturn simulate --print-config for every key)"
        case .notAnAssignment(let text): return "expected KEY=VALUE, not '\(text)'"
        case .notANumber(let name, let text): return "\(name) must be a number, not '\(text)'"
        case .outOfRange(let s, _):
            return "\(s.name) must be between \(TurnSettings.formatted(s.range.lowerBound)) and \(TurnSettings.formatted(s.range.upperBound))"
        }
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
