import Foundation
import Pagination

/// Fonts the tests rely on (Debian packages fonts-dejavu-core and fonts-wqy-microhei).
enum TestFonts {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let wqyMicroHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
}

/// Where the shared corpus lives: `$PAGETURN_SHARED`, else a `shared` folder beside the
/// package or one of its parents, else `/work/shared`.
enum SharedData {
    static let root: String = {
        if let env = ProcessInfo.processInfo.environment["PAGETURN_SHARED"] { return env }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("shared/corpus").path
            if FileManager.default.fileExists(atPath: candidate) {
                return dir.appendingPathComponent("shared").path
            }
        }
        return "/work/shared"
    }()

    static func corpus(_ name: String) -> String { root + "/corpus/" + name }
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
