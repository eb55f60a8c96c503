import PageTurner
import Pagination
import Testing
@testable import Reader

/// "Go to page" in a book that names its print edition's pages (an EPUB's page-list).
@Suite("Print pages in go to page")
struct PrintPageTests {
    static let printPages = [PrintPage(label: "xii", offset: 40), PrintPage(label: "1", offset: 100),
                             PrintPage(label: "42", offset: 4_200)]

    func submit(_ typed: String, printPages: [PrintPage] = printPages) -> (PanelAction, String?) {
        let context = PanelContext(size: Size(width: 800, height: 1000), pageCount: 90, isExact: true, currentPage: 0,
                                   currentOffset: 0, bookmarks: [], chapters: [], printPages: printPages, pageOf: { $0 / 100 })
        var dialog = GoToPageDialog()
        _ = dialog.type(typed, context: context)
        let action = dialog.key(.enter, context: context)
        return (action, dialog.error)
    }

    @Test("p and a printed label goes to that printed page; a number alone is still the reader's page")
    func printedAndOwn() {
        guard case .jump(let offset) = submit("p42").0 else { Issue.record("p42 did not jump"); return }
        #expect(offset == 4_200)
        guard case .jump(let roman) = submit("p. XII").0 else { Issue.record("p. XII did not jump"); return }
        #expect(roman == 40)
        guard case .jump(let bare) = submit("xii").0 else { Issue.record("xii did not jump"); return }
        #expect(bare == 40)
        guard case .goTo(let page) = submit("42").0 else { Issue.record("42 is the reader's page"); return }
        #expect(page == 41)
    }

    @Test("a printed page the book lacks says which there are; a book without them says nothing of them")
    func unknown() {
        let (action, error) = submit("p7")
        #expect(action == .none)
        #expect(error == "pages are 1 to 90; print pages pxii to p42")
        #expect(submit("p7", printPages: []).1 == "pages are 1 to 90")
    }
}
