import Foundation
import PageTurner
import Pagination
@testable import Reader
import ReaderTestSupport
import Testing

/// Selecting text as a reader does: a long press selects the word under it, in any script; a
/// drag after it extends the selection by words, onto the next page at the edge; a quick
/// drag still turns; a tap clears; Ctrl+C copies the logical text with where it comes from.
@Suite struct SelectionSessionTests {
    /// A session on `text` (a one-off book) at 800 × 1000.
    static func session(_ text: String, title: String = "Sample") throws -> ReaderSession {
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        return ReaderSession(book: Book(text: BookText(text), title: title), fonts: try Fixture.fonts(),
                             pageSize: Size(width: 800, height: 1000), start: start)
    }

    /// The window point at the middle of the first piece of `word` (the first time it occurs
    /// on the page shown).
    static func point(of word: String, in session: ReaderSession) throws -> Point {
        let shown = session.layout.range(ofPage: session.page)
        let text = session.book.text.string(shown)
        let range = try #require(text.range(of: word), "\(word) is on page \(session.page + 1)")
        let start = shown.lowerBound + text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
        let length = word.unicodeScalars.count
        let rect = try #require(session.layout.pageLayout(session.page).rects(covering: start..<(start + length)).first)
        return Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2))
    }

    /// A session on the sample book open at its second page (the first is its title page).
    static func opened() throws -> ReaderSession {
        let offset = try Fixture.session().layout.range(ofPage: 1).lowerBound
        return try Fixture.session { $0.position = offset }
    }

    /// Plays script lines on `session`; returns the notices shown after each step.
    @discardableResult
    static func play(_ session: ReaderSession, _ script: String) throws -> [String] {
        var notices: [String] = []
        ScriptedInput.play(try ReaderScript.parse(script), on: session) { _ in
            if let n = session.scene.notice, notices.last != n { notices.append(n) }
        }
        return notices
    }

    static func select(_ p: Point, to q: Point? = nil, at t: Double = 100) -> String {
        let end = q.map { " \($0.x) \($0.y)" } ?? ""
        return "select \(p.x) \(p.y)\(end) @\(Int(t))\ntick @\(Int(t) + 1200)\n"
    }

    @Test(arguments: [
        ("The quick brown fox considered the lazy dog for a while.", "considered"),
        ("كان يا ما كان في قديم الزمان رجل حكيم يحب الكتب", "الزمان"),
        ("Ἐν ἀρχῇ ἦν ὁ λόγος, καὶ ὁ λόγος ἦν πρὸς τὸν θεόν.", "λόγος"),
    ])
    func aLongPressSelectsTheWordUnderIt(text: String, word: String) throws {
        let s = try Self.session(String(repeating: text + "\n", count: 3))
        try Self.play(s, Self.select(try Self.point(of: word, in: s)))
        #expect(s.selectedText == word)
        #expect(s.page == 0, "no page turned")
        #expect(s.selection?.isActive == false)
    }

    @Test func aLongPressInChineseSelectsAWordOfTheLineNotTheWholeLine() throws {
        let line = "我们今天下午去图书馆看书，然后一起回家吃饭。"
        let s = try Self.session(String(repeating: line + "\n", count: 3))
        try Self.play(s, Self.select(try Self.point(of: "图书馆", in: s)))
        let selected = try #require(s.selectedText)
        #expect(selected.contains("书"))
        #expect(selected.count < line.count / 2, "a word, not the line: \(selected)")
    }

    @Test func dragging_afterTheLongPress_extendsByWords_andAQuickDragStillTurns() throws {
        let s = try Self.opened()
        let from = try Self.point(of: "sister", in: s), to = try Self.point(of: "book", in: s)
        try Self.play(s, Self.select(from, to: to))
        let selected = try #require(s.selectedText)
        #expect(selected.hasPrefix("sister") && selected.hasSuffix("book"), "\(selected)")
        #expect(s.page == 1)

        let quick = try Self.opened()
        try Self.play(quick, "down 700 500 @0\nmove 600 502 @40\nmove 300 505 @120\nup @140\ntick @1000\n")
        #expect(quick.page == 2)
        #expect(quick.selection == nil)
    }

    @Test func aSelectionDraggedToThePageEdgeGoesOnOntoTheNextPage() throws {
        let s = try Self.opened()
        let lastLine = try #require(s.layout.pageLayout(1).lines.last(where: { !$0.runs.isEmpty }))
        let press = Point(x: 300, y: Double(lastLine.baseline) - 6)
        try Self.play(s, """
            down \(press.x) \(press.y) @100
            move 500 \(press.y) @800
            move 795 \(press.y) @850
            tick @1300
            move 400 300 @1350
            up @1400
            tick @2000
            """)
        #expect(s.page == 2, "the edge turned the page")
        let range = try #require(s.selection?.range)
        #expect(range.lowerBound < s.layout.range(ofPage: 1).upperBound)
        #expect(range.upperBound > s.layout.range(ofPage: 2).lowerBound + 100, "the selection reaches into page 3")
    }

    @Test func copyGivesTheLogicalTextWithItsReference() throws {
        let s = try Self.opened()
        let from = try Self.point(of: "sister", in: s), to = try Self.point(of: "bank", in: s)
        try Self.play(s, Self.select(from, to: to) + "copy @1500\n")
        #expect(s.clipboard == "“sister on the bank” — Alice's Adventures in Wonderland, p. 2")
        #expect(s.takeClipboardText() == s.clipboard)
        #expect(s.takeClipboardText() == nil, "given to the window once")
    }

    @Test func copyDropsSoftHyphensAndReadsSoftLineFeedsAsSpaces() {
        let text = BookText("A hard-\u{AD}wrapped line\nof text,\n\nthen 中文\n字 after.")
        #expect(CopiedText.text(of: 0..<text.scalarCount, in: text, softLineFeeds: true) == "A hard-wrapped line of text,\nthen 中文字 after.")
        #expect(CopiedText.text(of: 0..<text.scalarCount, in: text, softLineFeeds: false) == "A hard-wrapped line\nof text,\nthen 中文\n字 after.")
    }

    @Test func aTapClearsTheSelectionWithoutTurning_andEscapeToo() throws {
        let s = try Self.opened()
        try Self.play(s, Self.select(try Self.point(of: "sister", in: s)) + "down 700 500 @2000\nup @2050\ntick @3000\n")
        #expect(s.selection == nil)
        #expect(s.page == 1, "the tap in the next-page zone only cleared the selection")

        try Self.play(s, Self.select(try Self.point(of: "sister", in: s), at: 4000) + "press Escape @5500\n")
        #expect(s.selection == nil)
    }

    @Test func theEndHandleDragsTheEndOnward_andShiftArrowsMoveItByCharacters() throws {
        let s = try Self.opened()
        try Self.play(s, Self.select(try Self.point(of: "sister", in: s)))
        let handle = try #require(s.selectionHandles.end)
        let to = try Self.point(of: "bank", in: s)
        try Self.play(s, "down \(handle.x) \(handle.y - 2) @3000\nmove \(to.x) \(to.y) @3100\nup @3150\n")
        #expect(s.selectedText?.hasPrefix("sister on the ban") == true, "\(s.selectedText ?? "nil")")
        #expect(s.page == 1)
        try Self.play(s, "press shift+Right @4000\n")
        #expect(s.selectedText?.hasSuffix("bank") == true || s.selectedText?.hasSuffix("bank,") == true, "\(s.selectedText ?? "nil")")
    }

    @Test func aSelectionTooLongToCopyIsRefusedInOneLine() throws {
        let s = try Fixture.session()
        s.selection = TextSelection(anchor: 0..<1, focus: (s.book.text.scalarCount - 1)..<s.book.text.scalarCount)
        try Self.play(s, "copy @100\n")
        if s.book.text.scalarCount > CopiedText.longest {
            #expect(s.clipboard == nil)
            #expect(s.scene.notice?.hasPrefix("The selection is too long to copy") == true)
        } else {
            #expect(s.clipboard?.hasPrefix("“") == true)
        }
    }

    @Test func inASpreadASelectionRunsFromTheLeftPageOntoTheRight() throws {
        let offset = try Fixture.session(width: 1600, height: 1000).layout.range(ofPage: 2).lowerBound
        let s = try Fixture.session(width: 1600, height: 1000) { $0.position = offset }
        let spread = try #require(s.spread)
        let left = s.pagesShown[0], right = s.pagesShown[1]
        let firstLine = try #require(s.layout.pageLayout(left.page).lines.first { !$0.runs.isEmpty })
        let lastLine = try #require(s.layout.pageLayout(right.page).lines.last { !$0.runs.isEmpty })
        let from = Point(x: left.x + 200, y: Double(firstLine.baseline) - 6)
        let to = Point(x: right.x + 200, y: Double(lastLine.baseline) - 6)
        #expect(to.x > spread.spineX, "the drag ends on the right page")
        try Self.play(s, Self.select(from, to: to))
        let range = try #require(s.selection?.range)
        #expect(s.layout.range(ofPage: left.page).contains(range.lowerBound))
        #expect(s.layout.range(ofPage: right.page).contains(range.upperBound - 1))
        #expect(s.scene.marks.count == 1 && s.selectionHandles.start != nil && s.selectionHandles.end != nil)
    }

    @Test func theReferenceNamesThePlainTitle() throws {
        var book = try Fixture.book()
        book.titleRightToLeft = false
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        start.position = try Fixture.session().layout.range(ofPage: 1).lowerBound
        let s = ReaderSession(book: book, fonts: try Fixture.fonts(), pageSize: Size(width: 800, height: 1000), start: start)
        try Self.play(s, Self.select(try Self.point(of: "sister", in: s)) + "copy @1500\n")
        #expect(s.clipboard == "“sister” — Alice's Adventures in Wonderland, p. 2", "no bidi isolates in a clipboard")
    }

    @Test func aHandleDraggedPastTheOtherEndAndBackKeepsThatEndWhereItWas() throws {
        let s = try Self.opened()
        let from = try Self.point(of: "sister", in: s), to = try Self.point(of: "bank", in: s)
        try Self.play(s, Self.select(from, to: to))
        let before = try #require(s.selection?.range)
        let handle = try #require(s.selectionHandles.end)
        let behind = try Self.point(of: "tired", in: s)
        try Self.play(s, "down \(handle.x) \(handle.y - 2) @3000\nmove \(behind.x) \(behind.y) @3100\nmove \(to.x) \(to.y) @3200\nup @3250\n")
        let after = try #require(s.selection?.range)
        #expect(after.lowerBound == before.lowerBound, "the start stayed at sister while the end went behind it and came back")
        #expect(s.selectedText?.hasPrefix("sister on the ban") == true, "\(s.selectedText ?? "nil")")
    }

    @Test func aLongPressOnAnEmojiOrARareHanCharacterSelectsItAlone() {
        let text = BookText("hi 😀 there 𠮷野家 ok\n")
        #expect(WordBoundaries.word(containing: 3, in: text) == 3..<4)
        let han = WordBoundaries.word(containing: 11, in: text)
        #expect(han.lowerBound == 11, "not the space before it: \(han)")
    }

    @Test func shiftArrowMovesByWholeCharacters() throws {
        let s = try Self.session("Family 👨‍👩‍👧 fun and more words here.\n")
        s.selection = TextSelection(anchor: 0..<6)
        try Self.play(s, "press shift+Right @100\npress shift+Right @200\n")
        #expect(s.selectedText == "Family 👨‍👩‍👧", "the family emoji, five scalars, selected whole")
        try Self.play(s, "press shift+Left @300\n")
        #expect(s.selection?.range == 0..<7, "back to the space before it")
    }
}
