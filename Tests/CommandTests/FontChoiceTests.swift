import Pagination
import Testing
@testable import pageturn

/// The book faces a command opens: the CJK face only for a book with CJK text in it (opening
/// Noto Serif CJK costs milliseconds of every start), while a book that has CJK characters
/// still gets them from that face.
@Suite struct FontChoiceTests {
    @Test func aBookWithoutCJKTextIsNotGivenTheCJKFace() throws {
        let options = try LayoutOptions.parse([])
        let english = BookText("It was the best of times, it was the worst of times.\n")
        let persian = BookText("گلستان سعدی، باب اول\n")
        #expect(try FontChoice.loadSet(options, for: english).cjk == nil)
        let set = try FontChoice.loadSet(options, for: persian)
        #expect(set.cjk == nil)
        #expect(set.others.contains { $0.familyName.contains("Arabic") }, "Persian still gets its face by coverage")
    }

    @Test func aBookWithCJKTextIsGivenItsCut() throws {
        let options = try LayoutOptions.parse([])
        let chinese = BookText("滚滚长江东逝水，浪花淘尽英雄。\n")
        let japanese = BookText("吾輩は猫である。名前はまだ無い。\n")
        #expect(try FontChoice.loadSet(options, for: chinese, language: ContentLanguage(tag: "zh-Hans")).cjk?.familyName == "Noto Serif CJK SC")
        #expect(try FontChoice.loadSet(options, for: japanese, language: ContentLanguage(tag: "ja")).cjk?.familyName == "Noto Serif CJK JP")
        // An English book quoting one CJK word still shows it.
        let quoting = BookText("The sign read 東京 in large letters.\n")
        #expect(try FontChoice.loadSet(options, for: quoting).cjk != nil)
    }
}
