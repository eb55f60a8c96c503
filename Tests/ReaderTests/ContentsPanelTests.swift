import PageTurner
import Pagination
import Testing
@testable import Reader

/// The contents list opens on the chapter being read, not at its top: with War and Peace's 382
/// chapters, the row of chapter 300 must be on screen at once.
@Suite struct ContentsPanelTests {
    static func context(reading offset: Int, chapters count: Int) -> PanelContext {
        let chapters = (0..<count).map { Chapter(title: "Chapter \($0 + 1)", offset: $0 * 1000, level: 1) }
        return PanelContext(size: Size(width: 800, height: 1000), pageCount: count * 3, isExact: true, currentPage: offset / 333,
                            currentOffset: offset, bookmarks: [], chapters: chapters, pageOf: { $0 / 333 })
    }

    @Test(arguments: [0, 5, 150, 299, 381])
    func theCurrentChapterIsShownWhenTheListOpens(chapter: Int) {
        let context = Self.context(reading: chapter * 1000 + 10, chapters: 382)
        let panel = ContentsPanel(context: context)
        let rows = ListGeometry(size: context.size, header: 0).visibleRows
        #expect(panel.selected == chapter)
        #expect(panel.firstShown(context) <= chapter && chapter < panel.firstShown(context) + rows,
                "rows \(panel.firstShown(context))..<\(panel.firstShown(context) + rows)")
        if chapter >= rows && chapter < 382 - rows {
            #expect(abs(chapter - (panel.firstShown(context) + rows / 2)) <= 1, "in the middle")
        }
    }
}
