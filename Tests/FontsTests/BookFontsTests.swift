import Fonts
import Pagination
import Testing

/// The book faces a command opens: the CJK face only for a book with CJK text in it (opening
/// Noto Serif CJK costs milliseconds of every start), while a book that has CJK characters
/// still gets them from that face.
@Suite struct BookFontsTests {
    func faces(for text: String, language: ContentLanguage? = nil) throws -> FontSet {
        let text = BookText(text)
        return try BookFonts.openSet(BookFonts.Request(), coverage: TextCoverage(text),
                                     language: language ?? ContentLanguage.detect(in: text)).set
    }

    @Test func aBookWithoutCJKTextIsNotGivenTheCJKFace() throws {
        #expect(try faces(for: "It was the best of times, it was the worst of times.\n").cjk == nil)
        let set = try faces(for: "گلستان سعدی، باب اول\n")
        #expect(set.cjk == nil)
        #expect(set.others.contains { $0.familyName.contains("Arabic") }, "Persian still gets its face by coverage")
    }

    @Test func aBookWithCJKTextIsGivenItsCut() throws {
        #expect(try faces(for: "滚滚长江东逝水，浪花淘尽英雄。\n", language: ContentLanguage(tag: "zh-Hans")).cjk?.familyName
                == "Noto Serif CJK SC")
        #expect(try faces(for: "吾輩は猫である。名前はまだ無い。\n", language: ContentLanguage(tag: "ja")).cjk?.familyName
                == "Noto Serif CJK JP")
        // An English book quoting one CJK word still shows it.
        #expect(try faces(for: "The sign read 東京 in large letters.\n").cjk != nil)
    }

    @Test func anUnknownFamilyIsRefusedNamingCloseOnes() {
        #expect {
            _ = try BookFonts.openFace(named: "Noto Serf")
        } throws: { error in
            guard case .noSuchFamily(let name, let close) = error as? FontError else { return false }
            return name == "Noto Serf" && close.contains("Noto Serif")
        }
    }
}
