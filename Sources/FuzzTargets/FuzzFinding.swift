/// A broken invariant that a fuzz harness found: a real bug in the code it drives, as opposed
/// to a refusal of bad input, which is the code working.
///
/// The libFuzzer entry points trap on one (so libFuzzer saves the input as a crash); the
/// regression tests report it as a failure with its message.
public struct FuzzFinding: Error, CustomStringConvertible, Sendable {
    /// Which harness, and what went wrong, in one line.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Throws a finding saying `message` unless `condition` holds.
@inline(__always)
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFinding) {
    if !condition { throw FuzzFinding(message()) }
}

/// Checks that `message`, shown to a user as a one-line error, is one non-empty line with no
/// control characters (a tab or a newline from the input would break the line or the terminal).
/// `message` holds no line feed or carriage return (a quote of one line of its input at most;
/// other control characters are escaped where it is printed).
func expectNoLineBreak(_ message: String, _ what: String) throws(FuzzFinding) {
    try expect(!message.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "\(what) breaks its line: \(message.debugDescription)")
}

func expectOneLine(_ message: String, _ what: String) throws(FuzzFinding) {
    try expect(!message.isEmpty, "\(what) is empty")
    for scalar in message.unicodeScalars where scalar.properties.generalCategory == .control
        || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
        throw FuzzFinding("\(what) holds control character U+\(String(scalar.value, radix: 16, uppercase: true)): \(message.debugDescription)")
    }
}
