import Testing
@testable import Pagination

/// Thai, Lao, Khmer and Burmese (lb=SA) break between words found by ICU's dictionaries.
@Suite struct DictionaryBreakTests {
    /// The text split at its break opportunities (mandatory breaks included).
    func words(_ text: String, kinsoku: Kinsoku = .normal) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let actions = LineBreaker(kinsoku: kinsoku).breakActions(text)
        var out: [String] = [], current = String.UnicodeScalarView()
        for (scalar, action) in zip(scalars, actions) {
            current.append(scalar)
            if action != .none {
                out.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        return out
    }

    @Test(arguments: [
        // Thai: "Thai is a language with no spaces between words", "I love the Thai language",
        // "hello" + polite particle, "Thailand" (one word).
        ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "ไม่มี", "การ", "เว้น", "วรรค", "ระหว่าง", "คำ"],
        ["ฉัน", "รัก", "ภาษา", "ไทย"],
        ["สวัสดี", "ครับ"],
        ["ประเทศไทย"],
        // Lao: "Lao has no spaces between words".
        ["ພາສາ", "ລາວ", "ບໍ່ມີ", "ການ", "ຍະ", "ຫວ່າງ", "ລະ", "ຫວ່າງ", "ຄໍາ"],
    ])
    func sentencesBreakBetweenWords(expected: [String]) {
        for kinsoku in Kinsoku.allCases {
            #expect(words(expected.joined(), kinsoku: kinsoku) == expected, "\(kinsoku)")
        }
    }

    @Test func marksStayOnTheirConsonants() {
        // No break before a combining vowel or tone mark (Mn, Mc) in any SA script.
        let text = "น้ำใจไม่ค่อยดีนักแต่ก็พอไหวเขาไปเที่ยวเชียงใหม่ເຂົ້າໄປໃນເມືອງខ្ញុំស្រលាញ់ភាសាខ្មែរမြန်မာဘာသာစကား"
        let scalars = Array(text.unicodeScalars)
        let actions = LineBreaker().breakActions(text)
        for i in 1..<scalars.count where [.nonspacingMark, .spacingMark].contains(scalars[i].properties.generalCategory) {
            #expect(actions[i - 1] == .none, "break before U+\(String(scalars[i].value, radix: 16)) at \(i)")
        }
        #expect(actions.dropLast().contains(.allowed))
    }

    @Test func aroundOtherTextTheRulesStayOurs() {
        // Spaces, Latin words and digits break as UAX #14 says; the Thai between them by words.
        #expect(words("Thai ภาษาไทย text") == ["Thai ", "ภาษา", "ไทย ", "text"])
        #expect(words("ปี2024ครับ") == ["ปี2024ครับ"])  // LB23: AL × NU × AL (SA letters are AL)
        #expect(words("ก") == ["ก"])
    }
}
