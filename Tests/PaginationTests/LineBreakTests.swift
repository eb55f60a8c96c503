import TestSupport
import Foundation
import Testing
@testable import Pagination

/// Positions (scalar offsets) after which `actions` allows or forces a break, excluding the end.
func breakOffsets(_ actions: [BreakAction]) -> [Int] {
    actions.dropLast().indices.filter { actions[$0] != .none }.map { $0 + 1 }
}

/// The text cut at every break opportunity, e.g. ["Hello ", "world"].
func pieces(_ text: String, _ kinsoku: Kinsoku = .uax14) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let actions = LineBreaker(kinsoku: kinsoku).breakActions(text)
    var out: [String] = []
    var current = String.UnicodeScalarView()
    for (s, a) in zip(scalars, actions) {
        current.append(s)
        if a != .none { out.append(String(current)); current = String.UnicodeScalarView() }
    }
    return out
}

@Suite struct LineBreakTests {
    @Test func emptyInputWritesNothing() {
        #expect(LineBreaker().breakActions("").isEmpty)
        var actions: [UInt8] = [7]
        [UInt32]().withUnsafeBufferPointer { s in
            actions.withUnsafeMutableBufferPointer { LineBreaker().findBreaks(in: s, into: $0) }
        }
        #expect(actions == [7])
    }

    @Test(arguments: Kinsoku.allCases)
    func lastScalarIsAlwaysMandatory(kinsoku: Kinsoku) {
        for text in ["a", " ", "(", "“", "中", "word ", "\u{200D}", "\u{0308}"] {
            #expect(LineBreaker(kinsoku: kinsoku).breakActions(text).last == .mandatory)
        }
    }

    @Test func englishWordsBreakAfterSpaces() {
        #expect(pieces("The quick brown fox.") == ["The ", "quick ", "brown ", "fox."])
        #expect(pieces("Hello,  world!") == ["Hello,  ", "world!"])
    }

    @Test func hyphenatedWordsBreakAfterTheHyphen() {
        #expect(pieces("well-known state-of-the-art") == ["well-", "known ", "state-", "of-", "the-", "art"])
        // LB20a: no break after a word-initial hyphen; LB21: none before a hyphen.
        #expect(pieces("a -b") == ["a ", "-b"])
        // U+2010 HYPHEN is HH in Unicode 17.0 and breaks like a hyphen.
        #expect(pieces("well\u{2010}known") == ["well\u{2010}", "known"])
    }

    @Test func numbersStayWhole() {
        #expect(pieces("costs $1,000.50 today") == ["costs ", "$1,000.50 ", "today"])
        #expect(pieces("(12.5%) -3 +4 #5") == ["(12.5%) ", "-3 ", "+4 ", "#5"])
        #expect(pieces("subtract .5") == ["subtract ", ".5"])  // LB15c
        #expect(pieces("1/2") == ["1/2"])
    }

    @Test func urlLikeTextBreaksOnlyAfterSlashes() {
        let p = pieces("see example.com/path/to?q=1 now")
        #expect(p.first == "see ")
        #expect(p.contains { $0.hasPrefix("example.com/") })
        #expect(!p.contains("example."))
    }

    @Test func mixedChineseAndEnglish() {
        #expect(pieces("我爱Swift编程。", .normal) == ["我", "爱", "Swift", "编", "程。"])
        #expect(pieces("用iPhone 15拍照", .normal) == ["用", "iPhone ", "15", "拍", "照"])
    }

    @Test func chineseQuotationMarksFollowLB19a() {
        // In East Asian context a break is allowed before “ but never after it or before ”.
        #expect(pieces("他说：“好。”我", .uax14) == ["他", "说：", "“好。”", "我"])
        // Outside East Asian context quotation marks glue to both sides.
        #expect(pieces("say “hi” now") == ["say ", "“hi” ", "now"])
    }

    @Test func hardBreaksAreMandatory() {
        let actions = LineBreaker().breakActions("a\nb\r\nc\u{2028}d")
        #expect(actions == [.none, .mandatory, .none, .none, .mandatory, .none, .mandatory, .mandatory])
    }

    @Test func combiningMarksAndJoinersStayAttached() {
        #expect(pieces("e\u{0301}te\u{0301} x") == ["e\u{0301}te\u{0301} ", "x"])
        // Family emoji joined by ZWJ, then a flag pair and another: one break between flags.
        #expect(pieces("👨\u{200D}👩\u{200D}👧🇫🇷🇩🇪") == ["👨\u{200D}👩\u{200D}👧", "🇫🇷", "🇩🇪"])
        #expect(pieces("👋🏽!") == ["👋🏽!"])
    }

    @Test func glueAndWordJoinerPreventBreaks() {
        #expect(pieces("10\u{00A0}km a\u{2060}b") == ["10\u{00A0}km ", "a\u{2060}b"])
        #expect(pieces("a\u{200B}b") == ["a\u{200B}", "b"])
    }

    @Test func publicLookups() {
        #expect(lineBreakClass(of: 0x41) == .AL)
        #expect(lineBreakClass(of: 0x20) == .SP)
        #expect(lineBreakClass(of: 0x4E00) == .ID)
        #expect(lineBreakClass(of: 0x3002) == .CL)
        #expect(lineBreakClass(of: 0x3063) == .CJ)
        #expect(lineBreakClass(of: 0x201C) == .QU)
        #expect(lineBreakClass(of: 0x2010) == .HH)
        #expect(lineBreakClass(of: 0x0E01) == .SA)
        #expect(lineBreakClass(of: 0x25CC) == .AL)
        #expect(lineBreakClass(of: 0xD800) == .SG)
        #expect(lineBreakClass(of: 0x110000) == .XX)
        #expect(lineBreakClass(of: .max) == .XX)
        #expect(LineBreakClass.allCases.count == 49)
        #expect(isEastAsianWide(0x4E00) && isEastAsianWide(0xFF01) && isEastAsianWide(0x3000))
        #expect(!isEastAsianWide(0x41) && !isEastAsianWide(0xFF61) && !isEastAsianWide(0x201C))
        #expect(isEastAsianForLineBreaking(0xFF61))  // halfwidth counts for LB19a/LB30
        #expect(isSpaceForLineBreaking(0x20) && isSpaceForLineBreaking(0x3000))
        #expect(!isSpaceForLineBreaking(0xA0) && !isSpaceForLineBreaking(0x41))
    }

    @Test func tablesMatchTheDataFile() throws {
        // Every explicit range of LineBreak-17.0.0.txt, spot-checked at both ends.
        let path = SharedData.unicode("LineBreak-17.0.0.txt")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#")[0].split(separator: ";")
            guard fields.count == 2 else { continue }
            let range = fields[0].trimmingCharacters(in: .whitespaces).split(separator: ".")
            let name = fields[1].trimmingCharacters(in: .whitespaces)
            let expected = LineBreakClass.allCases.first { "\($0)" == name }
            for hex in [range.first!, range.last!] {
                #expect(lineBreakClass(of: UInt32(hex, radix: 16)!) == expected, "U+\(hex)")
                checked += 1
            }
        }
        #expect(checked > 5000)
    }
}

@Suite("Line breaking on runs that are not language")
struct LongRunTests {
    @Test("long runs of combining marks, spaces after a bracket, or flags break linearly and sensibly")
    func longRuns() {
        let breaker = LineBreaker(kinsoku: .uax14)
        let marks = breaker.breakActions("e" + String(repeating: "\u{301}", count: 20_000) + " x")
        #expect(marks.dropLast(3).allSatisfy { $0 == .none })  // never inside the mark run
        #expect(marks[marks.count - 2] == .allowed)            // after the space
        let spaces = breaker.breakActions("(" + String(repeating: " ", count: 20_000) + "x")
        #expect(spaces.dropLast(2).allSatisfy { $0 == .none })
        let flags = breaker.breakActions(String(repeating: "🇫🇷", count: 10_000))
        #expect(flags.count == 20_000)
        #expect(flags[0] == .none && flags[1] == .allowed)
    }
}
