/// A string as JSON writes it, escaped as Foundation's encoder escapes it: the quotation
/// mark, the reverse solidus and control characters (`\b \f \n \r \t`, the others as
/// `\u00xx`), the solidus and everything else as it is. The one escaper of the JSON the
/// command line writes by hand (`paginate --json` as it is streamed, `--print-config`), so
/// that those read byte for byte as encoded ones.
public enum JSONString {
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
