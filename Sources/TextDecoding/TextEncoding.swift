/// An encoding the decoder can read: the canonical name reported in
/// ``DecodedText/encoding``, the name iconv knows it by, and what detection needs to
/// know about it.
struct TextEncoding: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// UTF-8 (decoded by `UTF8Normalizer`) or UTF-16/32.
        case unicode
        /// A legacy CJK multibyte encoding. Detection tries `cjkCandidates` on every
        /// non-UTF-8 file, and EUC-KR when uchardet names it.
        case cjk
        /// windows-1252 (the fallback) and any other encoding iconv knows, mostly
        /// single-byte ones.
        case other
    }

    /// Canonical name, e.g. "GB18030", "Shift_JIS".
    let name: String
    /// The name passed to `iconv_open`; nil for UTF-8, which does not go through iconv.
    let iconvName: String?
    /// Bytes per code unit: 2 for UTF-16, 4 for UTF-32, else 1. The NUL check looks at
    /// whole code units, and an undecodable code unit is skipped as a whole.
    let codeUnitWidth: Int
    let kind: Kind

    static let utf8 = TextEncoding(name: "UTF-8", iconvName: nil, codeUnitWidth: 1, kind: .unicode)
    static let utf16LE = TextEncoding(name: "UTF-16LE", iconvName: "UTF-16LE", codeUnitWidth: 2, kind: .unicode)
    static let utf16BE = TextEncoding(name: "UTF-16BE", iconvName: "UTF-16BE", codeUnitWidth: 2, kind: .unicode)
    /// GB18030 is a superset of GBK and GB2312, so files in any of them decode as GB18030.
    static let gb18030 = TextEncoding(name: "GB18030", iconvName: "GB18030", codeUnitWidth: 1, kind: .cjk)
    /// Decoded as CP950 (Windows' Big5, with the ETEN extensions real files use).
    static let big5 = TextEncoding(name: "Big5", iconvName: "CP950", codeUnitWidth: 1, kind: .cjk)
    /// Decoded as CP932 (Windows' Shift_JIS, with the NEC and IBM extensions that
    /// Japanese TXT books actually contain, e.g. ① and ～).
    static let shiftJIS = TextEncoding(name: "Shift_JIS", iconvName: "CP932", codeUnitWidth: 1, kind: .cjk)
    static let eucJP = TextEncoding(name: "EUC-JP", iconvName: "EUC-JP", codeUnitWidth: 1, kind: .cjk)
    /// Decoded as CP949 (Unified Hangul Code), a superset of EUC-KR.
    static let eucKR = TextEncoding(name: "EUC-KR", iconvName: "CP949", codeUnitWidth: 1, kind: .cjk)
    /// The Latin fallback when nothing else fits; ISO-8859-1 and ASCII labels also map
    /// here, as browsers do, since C1 control codes are never what a text file means.
    static let windows1252 = TextEncoding(name: "windows-1252", iconvName: "WINDOWS-1252", codeUnitWidth: 1, kind: .other)

    /// The legacy CJK encodings detection tries, in tie-break order of last resort.
    static let cjkCandidates: [TextEncoding] = [.gb18030, .big5, .shiftJIS, .eucJP]

    /// The encodings named in messages, in the order a user would look for them.
    static let commonNames = ["UTF-8", "UTF-16LE", "UTF-16BE", "GB18030", "Big5", "Shift_JIS",
                              "EUC-JP", "EUC-KR", "windows-1252"]

    /// Aliases, folded with `fold(_:)`. "utf-16" and "ucs-2" without a byte order are
    /// resolved from the BOM by `resolve(_:bytes:)`.
    private static let aliases: [String: TextEncoding] = {
        var table: [String: TextEncoding] = [:]
        func add(_ encoding: TextEncoding, _ names: [String]) {
            for name in names { table[fold(name)] = encoding }
        }
        add(.utf8, ["utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8"])
        add(.utf16LE, ["utf-16le", "ucs-2le", "unicodelittleunmarked"])
        add(.utf16BE, ["utf-16be", "ucs-2be", "unicodebigunmarked"])
        add(.gb18030, ["gb18030", "gbk", "gb2312", "gb_2312-80", "cp936", "ms936", "windows-936",
                       "euc-cn", "x-gbk", "x-euc-cn", "csgb2312", "csgbk", "chinese"])
        add(.big5, ["big5", "big-5", "cp950", "ms950", "windows-950", "x-big5", "csbig5", "cn-big5"])
        add(.shiftJIS, ["shift_jis", "shift-jis", "shiftjis", "sjis", "x-sjis", "cp932", "ms932",
                        "windows-31j", "windows-932", "ms_kanji", "mskanji", "csshiftjis", "csWindows31J"])
        add(.eucJP, ["euc-jp", "eucjp", "x-euc-jp", "ujis", "cseucpkdfmtjapanese"])
        add(.eucKR, ["euc-kr", "euckr", "cp949", "ms949", "windows-949", "uhc", "ks_c_5601-1987",
                     "cseuckr", "korean"])
        add(.windows1252, ["windows-1252", "cp1252", "x-cp1252", "latin1", "l1", "iso-8859-1",
                           "iso8859-1", "iso_8859-1", "ascii", "us-ascii", "csisolatin1"])
        return table
    }()

    /// Lower-cases and drops `-`, `_`, `.` and spaces, so "Shift-JIS", "shift_jis" and
    /// "SHIFTJIS" are one name.
    static func fold(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.lazy
            .filter { !"-_. ".unicodeScalars.contains($0) }
            .map { $0.properties.lowercaseMapping.unicodeScalars.first ?? $0 }))
    }

    /// The encoding a user (or uchardet) names, case-insensitively; nil when neither the
    /// alias table nor iconv knows it. Names iconv accepts but the table lacks (say
    /// "ISO-8859-5", "KOI8-R") are decoded by iconv under the upper-cased name.
    /// A bare "UTF-16" (or "UCS-2") follows the BOM in `bytes`, little-endian without one.
    static func resolve(_ name: String, bytes: UnsafeRawBufferPointer? = nil) -> TextEncoding? {
        let trimmed = name.trimmingSpaces
        let folded = fold(trimmed)
        if let known = aliases[folded] { return known }
        if folded == "utf16" || folded == "ucs2" || folded == "unicode" {
            if let bytes, bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return .utf16BE }
            return .utf16LE
        }
        guard !trimmed.isEmpty, !trimmed.contains("/"), IconvDecoder.canOpen(trimmed) else { return nil }
        let upper = trimmed.uppercased()
        let width = upper.contains("32") && (upper.contains("UTF") || upper.contains("UCS")) ? 4
            : upper.contains("16") && (upper.contains("UTF") || upper.contains("UCS")) ? 2
            : upper.hasPrefix("UCS-2") || upper == "UCS2" ? 2
            : upper.hasPrefix("UCS-4") || upper == "UCS4" ? 4 : 1
        return TextEncoding(name: upper, iconvName: trimmed, codeUnitWidth: width,
                            kind: width > 1 ? .unicode : .other)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
