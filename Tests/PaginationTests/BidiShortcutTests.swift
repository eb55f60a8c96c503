import Foundation
import PropertyBased
import Testing
import TestSupport
import TextDecoding
@testable import Pagination

/// A paragraph of right-to-left letters and neutral characters alone is resolved without
/// ICU (`BidiLevels.rightToLeftOnly`): its levels must be exactly ICU's, whatever the text,
/// and any text the shortcut cannot be sure of must go to ICU.
@Suite struct BidiShortcutTests {
    /// Persian, Arabic and Hebrew letters, their marks, ZWNJ, spaces, brackets, quotes and
    /// punctuation, plus what must send a paragraph to ICU: Latin letters, ASCII, Persian
    /// and Arabic digits, an Arabic number sign, LRM, LRE, an isolate, a superscript digit.
    static let rightToLeftAndNeutral: [UInt32] = [
        0x0628, 0x067E, 0x0633, 0x0644, 0x0627, 0x0645, 0x06CC, 0x06A9, 0x06AF, 0x0647, 0x05D0, 0x05D1, 0x05E9, 0x05B8, 0x05BC,
        0x064E, 0x0650, 0x0651, 0x0670, 0x200C, 0x200D, 0x20, 0x09, 0x28, 0x29, 0x5B, 0x5D, 0xAB, 0xBB, 0x2E, 0x2C, 0x3A, 0x21,
        0x060C, 0x061B, 0x061F, 0x06D4, 0x2026, 0x2014, 0x201C, 0x201D, 0x2D, 0x2B, 0x25, 0x23, 0xA0, 0x200F, 0xFEFF,
    ]
    static let alphabet = rightToLeftAndNeutral + [0x41, 0x62, 0x31, 0x06F1, 0x0661, 0x0600, 0x200E, 0x202A, 0x2066, 0x00B2]

    @Test(arguments: [false, true])
    func theShortcutGivesICUsLevels(withBreakers: Bool) async throws {
        #expect(ICULibrary.load(), "ICU is installed (libicu)")
        let letters = withBreakers ? Self.alphabet : Self.rightToLeftAndNeutral
        await propertyCheck(count: 2000, input: Gen.int(in: 0...(letters.count - 1)).array(of: 1...40)) { picks in
            let text = picks.map { letters[$0] }
            for paragraphLevel in [nil, 0, 1] as [UInt8?] {
                for rightToLeftByDefault in [false, true] {
                    let (fast, slow) = Self.levels(text, paragraphLevel: paragraphLevel, rightToLeftByDefault: rightToLeftByDefault)
                    #expect(fast.paragraph == slow.paragraph && fast.levels == slow.levels,
                            "\(text.map { String($0, radix: 16) }) level \(String(describing: paragraphLevel)) default rtl \(rightToLeftByDefault)")
                }
            }
        }
    }

    @Test func theShortcutTakesPersianProseAndLeavesNumbersAndLatinToICU() {
        func only(_ s: String) -> Bool? {
            let scalars = s.unicodeScalars.map(\.value)
            return scalars.withUnsafeBufferPointer { BidiLevels.rightToLeftOnly($0) }
        }
        #expect(only("«گلستان» سعدی، دیباچه.") == true)
        #expect(only("בְּרֵאשִׁית בָּרָא") == true)
        #expect(only("َ ِ") == false, "marks and spaces: no letter")
        #expect(only("حکایت ۱") == nil, "a Persian digit is EN")
        #expect(only("سعدی (Saadi)") == nil)
        #expect(only("سعدی\u{200E}") == nil)
    }

    /// Every paragraph of the Persian and Hebrew books: the same levels with the shortcut and
    /// without it.
    @Test(arguments: ["fa_saadi_golestan.txt", "he_tanakh-wlc_bereshit-genesis.txt"])
    func aRightToLeftBookResolvesAsICUResolvesIt(name: String) throws {
        #expect(ICULibrary.load())
        let text = String(decoding: try SharedData.corpusBytes(name), as: UTF8.self)
        var taken = 0
        for paragraph in text.split(separator: "\n") {
            let scalars = paragraph.unicodeScalars.map(\.value)
            if scalars.withUnsafeBufferPointer({ BidiLevels.rightToLeftOnly($0) }) != nil { taken += 1 }
            let (fast, slow) = Self.levels(scalars, paragraphLevel: nil, rightToLeftByDefault: true)
            #expect(fast.paragraph == slow.paragraph && fast.levels == slow.levels, "\(paragraph.prefix(40))")
        }
        #expect(taken > 0)
    }

    static func levels(_ text: [UInt32], paragraphLevel: UInt8?, rightToLeftByDefault: Bool)
        -> (fast: (paragraph: UInt8, levels: [UInt8]), slow: (paragraph: UInt8, levels: [UInt8])) {
        func run(_ shortcut: Bool) -> (paragraph: UInt8, levels: [UInt8]) {
            var levels = [UInt8](repeating: 0, count: text.count)
            let resolver = BidiLevels()
            let result = text.withUnsafeBufferPointer { s in
                levels.withUnsafeMutableBufferPointer {
                    resolver.resolve(s, paragraphLevel: paragraphLevel, rightToLeftByDefault: rightToLeftByDefault, into: $0,
                                     usingShortcut: shortcut)
                }
            }
            return (result.paragraph, levels)
        }
        return (run(true), run(false))
    }
}
