/// The digits page numbers are written in: the book's language's, as CLDR gives them
/// (`auto`), always 0–9 (`latin`), or the language's own even where CLDR's default is 0–9
/// (`native`, a Hindi book's Devanagari digits).
///
/// The table is CLDR's (common/main: each locale's `defaultNumberingSystem` and `native`
/// numbering system), for the languages whose books the reader sets; a language it does not
/// name is written in 0–9. Written here rather than asked of ICU's `unumsys` because the
/// folio is made for every page drawn and the answer is one digit zero.
public enum FolioDigits: String, CaseIterable, Sendable {
    case auto, latin, native

    /// The zero of the digits `language`'s page numbers take, or nil for 0–9.
    public func zero(for language: ContentLanguage?) -> UInt32? {
        guard self != .latin, let language else { return nil }
        let parts = language.tag.split(separator: "-")
        guard let primary = parts.first.map({ $0.lowercased() }) else { return nil }
        if let zero = Self.defaults[primary] {
            // CLDR writes Arabic in the Maghreb (and Libya) in 0–9.
            let region = parts.dropFirst().first { $0.count == 2 }.map { $0.uppercased() }
            if self == .auto && primary == "ar", let region, ["MA", "DZ", "TN", "EH", "LY"].contains(region) { return nil }
            return zero
        }
        return self == .native ? Self.natives[primary] : nil
    }

    /// `number` in decimal, in the digits `language`'s page numbers take.
    public func format(_ number: Int, language: ContentLanguage?) -> String {
        let decimal = String(number)
        guard let zero = zero(for: language) else { return decimal }
        var out = String.UnicodeScalarView()
        for c in decimal.unicodeScalars {
            if c.value >= 0x30 && c.value <= 0x39, let digit = Unicode.Scalar(zero + c.value - 0x30) {
                out.append(digit)
            } else {
                out.append(c)
            }
        }
        return String(out)
    }

    /// Languages whose CLDR default numbering system is not `latn`, and its zero.
    static let defaults: [String: UInt32] = [
        "ar": 0x0660, "ckb": 0x0660, "sd": 0x0660,  // arab
        "fa": 0x06F0, "ps": 0x06F0, "ks": 0x06F0,  // arabext
        "bn": 0x09E6, "as": 0x09E6, "mni": 0x09E6,  // beng
        "mr": 0x0966, "ne": 0x0966, "sa": 0x0966,  // deva
        "my": 0x1040, "dz": 0x0F20, "sat": 0x1C50,  // mymr, tibt, olck
    ]

    /// Languages written in 0–9 by default whose CLDR native numbering system is another,
    /// and its zero.
    static let natives: [String: UInt32] = [
        "hi": 0x0966, "ur": 0x06F0, "ta": 0x0BE6, "te": 0x0C66, "kn": 0x0CE6, "ml": 0x0D66, "gu": 0x0AE6,
        "pa": 0x0A66, "or": 0x0B66, "th": 0x0E50, "lo": 0x0ED0, "km": 0x17E0, "bo": 0x0F20,
    ]
}
