import ArgumentParser

/// An option's value as typed, read as `Value` only when an option group's `validate()` asks.
///
/// Parsing never fails, so a bad value reaches `validate()` and is refused on one line in
/// PageTurn's words, naming the option and what it takes: "unknown --curl 'origami' (expected
/// classic, cylinder, slide or none)", "--size must be from 10 to 48, not '6'" (ArgumentParser's
/// own message names no range). Help and shell completion still list `Value`'s values.
struct Checked<Value: ExpressibleByArgument>: ExpressibleByArgument {
    /// What was typed (for a default, the value's description).
    let text: String
    private let parsed: Value?
    /// The option's default, not typed.
    let isDefault: Bool

    init(argument: String) {
        text = argument
        parsed = Value(argument: argument)
        isDefault = false
    }

    /// A default value.
    init(_ value: Value) {
        text = value.defaultValueDescription
        parsed = value
        isDefault = true
    }

    var defaultValueDescription: String { text }
    static var allValueStrings: [String] { Value.allValueStrings }
    static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }

    /// The value, or "unknown OPTION 'TEXT' (expected a, b or c)".
    func value(of option: String) throws -> Value {
        guard let parsed else {
            throw UserError("unknown \(option) '\(text)' (expected \(Self.listed(Self.allValueStrings)))")
        }
        return parsed
    }

    /// "a", "a or b", "a, b or c".
    private static func listed(_ values: [String]) -> String {
        guard let last = values.last else { return "nothing" }
        return values.count == 1 ? last : values.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension Checked where Value: Comparable {
    /// The number, or "OPTION must be from LOW to HIGH, not 'TEXT'" ("a whole number from" for
    /// an integer). Not a number (NaN) is never in range.
    func value(of option: String, in range: ClosedRange<Value>) throws -> Value {
        guard let parsed, range.contains(parsed) else {
            let kind = Value.self is any BinaryInteger.Type ? "a whole number " : ""
            throw UserError("\(option) must be \(kind)from \(Self.plain(range.lowerBound)) to "
                            + "\(Self.plain(range.upperBound)), not '\(text)'")
        }
        return parsed
    }

    /// 10 rather than 10.0.
    private static func plain(_ bound: Value) -> String {
        let text = "\(bound)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
