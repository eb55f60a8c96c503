/// Keys and typed text as a platform delivers them (SDL's way), turned into reader inputs.
///
/// A platform sends, for a printable key, the key and (while its text input is on) the text it
/// types. Text input is on only while a panel with a text field is open, and it is switched
/// after each batch of events is handled. So a key read in the same batch as the `g` or `b`
/// that opened a field has no text of its own: the gate types its character instead of
/// treating it as a key. Text arriving while text input is off is dropped.
public struct TextInputGate: Sendable {
    /// Whether the platform's text input is on.
    public private(set) var isOn = false

    public init() {}

    /// The input for a key press: `key` (nil: a key the reader ignores), the printable ASCII
    /// character the key types if any, Shift held or not, and whether a text field is open now.
    public func keyDown(_ key: ReaderKey?, printable: Character?, shift: Bool, fieldOpen: Bool) -> ReaderInput? {
        if fieldOpen, !isOn, let c = printable {
            return .text(String(shift && c.isLetter ? Character(c.uppercased()) : c))
        }
        return key.map { .key($0, shift: shift) }
    }

    /// The input for text the platform typed (nil while text input is off).
    public func text(_ text: String) -> ReaderInput? {
        isOn && !text.isEmpty ? .text(text) : nil
    }

    /// After a batch of events: text input follows whether a field is open. Returns the new
    /// state when it changed (the platform must be told), else nil.
    public mutating func sync(fieldOpen: Bool) -> Bool? {
        guard fieldOpen != isOn else { return nil }
        isOn = fieldOpen
        return isOn
    }
}
