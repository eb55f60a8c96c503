import Testing
@testable import Pagination

@Suite("Chapters")
struct ChapterTests {
    func titles(_ string: String) -> [String] { ChapterDetector.detect(in: BookText(string)).map(\.title) }

    @Test("Chinese headings: 第…回/章/节/卷, 卷一, 楔子")
    func chinese() {
        let book = "《红楼梦》\n\n第一回  甄士隐梦幻识通灵　贾雨村风尘怀闺秀\n\n　　此开卷第一回也．\n第二回 贾夫人仙逝扬州城\n　　诗云：一局输赢料不真。\n第三章\n正文。\n楔子\n正文。\n"
        #expect(titles(book) == ["第一回 甄士隐梦幻识通灵 贾雨村风尘怀闺秀", "第二回 贾夫人仙逝扬州城", "第三章", "楔子"])
    }

    @Test("a line like 第一封信 inside running text is not a chapter")
    func noFalseChapters() {
        let book = "第一章 开始\n　　她写了第一封信。\n第一封信就这样改变了一个平常的周末，她想。\n第二回合的比赛中，他输了。\n第三回合比赛开始了\n第二部分内容如下\n第二章 结束\n"
        #expect(titles(book) == ["第一章 开始", "第二章 结束"])
    }

    @Test("English headings after a blank line: CHAPTER IV, Chapter 12. Title, BOOK ONE: 1805")
    func english() {
        let book = "BOOK ONE: 1805\n\nCHAPTER I\n\nText of\nthe chapter.\n\nCHAPTER II. The Pool of Tears\n\nMore.\n\nChapter 12\n\nCHAPTER TWENTY-ONE\n\nFIRST EPILOGUE: 1813 - 20\n\nEnd.\nCHAPTER III in the middle of a line\n"
        let found = ChapterDetector.detect(in: BookText(book))
        #expect(found.map(\.title) == ["BOOK ONE: 1805", "CHAPTER I", "CHAPTER II. The Pool of Tears", "Chapter 12", "CHAPTER TWENTY-ONE", "FIRST EPILOGUE: 1813 - 20"])
        #expect(found.map(\.level) == [0, 1, 1, 1, 1, 0])
    }

    @Test("indented contents lines are not chapters; offsets point at the heading")
    func offsetsAndIndentedContents() {
        let book = "    CONTENTS\n\n    CHAPTER I\n\n    CHAPTER II\n\nCHAPTER I\n\nOne.\n\nCHAPTER II\n\nTwo.\n"
        let text = BookText(book)
        let found = ChapterDetector.detect(in: text)
        #expect(found.count == 2)
        for chapter in found {
            #expect(text.string(chapter.offset..<(chapter.offset + chapter.title.unicodeScalars.count)) == chapter.title)
        }
    }

    @Test("Japanese serial parts numbered by a lone kanji number")
    func japanese() {
        let book = "吾輩は猫である\n夏目漱石\n\n一\n\n　吾輩は猫である。名前はまだ無い。\n\n二\n\n　吾輩は新年来多少有名になった。\n"
        #expect(titles(book) == ["一", "二"])
    }

    @Test("without heading patterns, short lines between blank lines are taken")
    func isolatedTitles() {
        let book = "Prelude\n\nSome text that is long enough to be a paragraph.\n\nThe Storm\n\nMore text here, also long.\n"
        #expect(titles(book) == ["Prelude", "The Storm"])
    }
}
