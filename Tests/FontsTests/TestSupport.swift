import Foundation
import Pagination
import TestSupport

/// Fonts the tests rely on (Debian packages fonts-dejavu-core and fonts-wqy-microhei).
enum TestFonts {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let wqyMicroHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
}

/// English lines for measuring: real lines of Alice plus lines full of kerning pairs.
enum TestLines {
    static let kerningLines = [
        "AVAVAV AWAY WAVE VAT", "To Tyler: We were Yours. Today, Tom.",
        "Typewriters Tower over Vows; We Yawn.", "LT PA Fo Te Vo Wa Ye y. r, f. \"AT\"",
        "To Ty We AV Av Aw Ay Yo Yu Wo Va Vo Ta Te Tr Tu Tw", "different offers, stuffed coffee; office affluent",
    ]

    /// Every non-empty line of Alice's Adventures in Wonderland.
    static func allLines() throws -> [String] {
        let text = try String(contentsOfFile: SharedData.corpus("en_carroll_alice.txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// The first `count` lines of at least 40 characters.
    static func openingLines(_ count: Int) throws -> [String] {
        Array(try allLines().filter { $0.count >= 40 }.prefix(count))
    }

    /// True when `line` has "ff" followed by a character that 'f' kerns with: HarfBuzz
    /// shapes "ff" as a ligature, which kerns with nothing, so the pair table's f-kerning
    /// there is the known gap.
    static func kernsAfterLigature(_ line: String, _ table: AdvanceTable) -> Bool {
        let scalars = line.unicodeScalars.map(\.value)
        guard scalars.count >= 3 else { return false }
        return (2..<scalars.count).contains { i in
            scalars[i - 2] == 0x66 && scalars[i - 1] == 0x66 && table.kerning(0x66, scalars[i]) != 0
        }
    }
}
