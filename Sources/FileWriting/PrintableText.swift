/// Text from a file or a command line made safe to print in a one-line message: control
/// characters (C0, DEL, C1), line and paragraph separators and the bidirectional overrides
/// and isolates are written as escapes (`\r`, `\t`, `\u{1B}`), so an error never moves the
/// cursor, rings the bell, changes the terminal's colours, breaks its line or reorders it.
/// A byte of a file name that is not UTF-8, which the command line keeps as a private-use
/// scalar U+F780–U+F7FF (`FileWriting`'s `SystemPath`), is written as `\xNN`.
public enum PrintableText {
    /// `text` with every such character escaped; other text, and a backslash, unchanged.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{F780}"..."\u{F7FF}": out += "\\x" + String(scalar.value - 0xF700, radix: 16)
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// Whether `scalar` is one of the characters `escaped` rewrites.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xF780...0xF7FF: return true
        default: return false
        }
    }
}
