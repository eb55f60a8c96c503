import Foundation
import PageTurner
import Pagination
@testable import Reader
import ReaderTestSupport
import Testing

/// Find in the reader: Ctrl+F or /, the text, Enter goes to the first match from the page
/// shown; F3 the next, Shift+F3 the previous; Esc ends; the matches are marked on the page.
@Suite struct FindSessionTests {
    @Test func enterGoesToTheFirstMatchAndF3ThroughTheRest() throws {
        let s = try Fixture.session()
        try SelectionSessionTests.play(s, "find rabbit @100\ntick @600\n")
        let found = try #require(s.found)
        let all = s.book.text.string(0..<s.book.text.scalarCount).lowercased().components(separatedBy: "rabbit").count - 1
        #expect(found.matches.count == all, "every match, case aside")
        #expect(found.current == 0)
        #expect(s.openPanel == nil)
        let first = found.matches[0]
        #expect(s.layout.range(ofPage: s.page).contains(first.lowerBound))
        #expect(s.scene.marks.contains { $0.range == first && $0.color == s.preferences.theme.currentMatch })

        try SelectionSessionTests.play(s, "press F3 @1000\npress F3 @1100\npress shift+F3 @1200\n")
        #expect(s.found?.current == 1)
        try SelectionSessionTests.play(s, "press Escape @1300\n")
        #expect(s.found == nil)
        #expect(s.scene.marks.isEmpty)
    }

    @Test func slashOpensFind_andAnEmptyOrOverlongSearchIsBounded() throws {
        let s = try Fixture.session()
        try SelectionSessionTests.play(s, "press / @100\n")
        #expect(s.openPanel == "find")
        try SelectionSessionTests.play(s, "press Return @200\n")
        #expect(s.found == nil || s.found?.matches.isEmpty == true, "nothing searched for")

        let t = try Fixture.session()
        let notices = try SelectionSessionTests.play(t, "find \(String(repeating: "a", count: 10_000)) @100\n")
        #expect(t.found?.query.count == BookSearch.longestQuery)
        #expect(notices.contains { $0.hasPrefix("A search is at most 1000 characters") }, "\(notices)")
    }

    @Test func aNameNotInTheBookSaysSo() throws {
        let s = try Fixture.session()
        let notices = try SelectionSessionTests.play(s, "find Natasha @100\n")
        #expect(s.found?.matches.isEmpty == true)
        #expect(notices == ["Not found: “Natasha”"])
        #expect(s.page == 0)
    }

    @Test func aSearchThatFoundNothingLeavesEnterAndF3TheirOwnSense() throws {
        let s = try Fixture.session()
        try SelectionSessionTests.play(s, "press / @100\ntype Natasha @200\npress Escape @300\npress Return @400\ntick @1000\n")
        #expect(s.found == nil)
        #expect(s.toolbarsShown, "Enter shows the toolbars again")
    }

    @Test func f3AfterReadingOnGoesFromThePageShown() throws {
        let s = try Fixture.session()
        try SelectionSessionTests.play(s, "find rabbit @100\ntick @600\n")
        let matches = try #require(s.found?.matches)
        try SelectionSessionTests.play(s, "press End @1000\ntick @2000\npress shift+F3 @2100\ntick @3000\n")
        #expect(s.found?.current == matches.count - 1, "back from the last page: the last match, not the one before the first")
    }
}
