import CSS

/// A list item's marker as CSS Lists 3 writes it for `list-style-type` (§3): a bullet and an
/// en space, or the item's number and a full stop.
enum ListMarker {
    static func text(_ style: ComputedStyle.ListStyle, number: Int) -> String? {
        switch style {
        case .none: nil
        case .disc: "•\u{2002}"
        case .circle: "◦\u{2002}"
        case .square: "▪\u{2002}"
        case .decimal: "\(number). "
        case .lowerAlpha: alphabetic(number).map { $0 + ". " }
        case .upperAlpha: alphabetic(number).map { $0.uppercased() + ". " }
        case .lowerRoman: roman(number).map { $0.lowercased() + ". " } ?? "\(number). "
        case .upperRoman: roman(number).map { $0 + ". " } ?? "\(number). "
        }
    }

    /// a, b, … z, aa, ab… (CSS Counter Styles 3 `lower-alpha`, an alphabetic system).
    static func alphabetic(_ n: Int) -> String? {
        guard n >= 1 else { return nil }
        var n = n, letters: [Character] = []
        while n > 0 {
            n -= 1
            letters.insert(Character(Unicode.Scalar(UInt8(97 + n % 26))), at: 0)
            n /= 26
        }
        return String(letters)
    }

    /// Roman numerals from 1 to 3999 (`upper-roman`'s range).
    static func roman(_ n: Int) -> String? {
        guard (1...3999).contains(n) else { return nil }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                                      (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n, out = ""
        for (value, numeral) in table {
            while n >= value { out += numeral; n -= value }
        }
        return out
    }
}
