import Pagination
import Rendering
import Testing

extension Rendering {
    /// The layout a reader shows before the full pass has run.
    @Suite struct ProvisionalLayoutTests {
        func layout(at offset: Int) throws -> (BookLayout, PageMap) {
            let book = try Fixture.book()
            let fonts = try Fixture.fonts()
            let settings = LayoutSettings(pageWidth: 600, pageHeight: 700, margin: 40, fontSize: 18)
            let advances = fonts.advanceTable(pixelSize: 18)
            let layout = BookLayout(book: book, settings: settings, advances: advances, fontFingerprint: "test", at: offset,
                                    cache: nil, background: true, startPass: false)
            let exact = Paginator(text: book.text, settings: settings, advances: advances).paginate()
            return (layout, exact)
        }

        @Test func opensOnThePageThatStartsWithTheLineOfThePosition() throws {
            let (_, exact) = try layout(at: 0)
            let middle = exact.pageStart(exact.pageCount / 2) + 5
            let (layout, _) = try layout(at: middle)
            #expect(!layout.isExact)
            let k = layout.page(containing: middle)
            let range = layout.range(ofPage: k)
            #expect(range.contains(middle))
            #expect(range.lowerBound <= middle && middle - range.lowerBound < 200, "it starts at the position's line")
            #expect(k > 0 && k < layout.pageCount - 1, "an estimated index in the middle")
        }

        @Test func neighbouringPagesJoinUpAndTheExactPassKeepsThePlace() throws {
            let (_, exact) = try layout(at: 0)
            let position = exact.pageStart(exact.pageCount / 2)
            let (layout, _) = try layout(at: position)
            let k = layout.page(containing: position)
            for i in (k - 2)...(k + 2) {
                #expect(layout.range(ofPage: i).upperBound == layout.range(ofPage: i + 1).lowerBound)
                #expect(!layout.lines(onPage: i).isEmpty)
            }
            // The next pages are the exact pass's (laid out forwards from the same line).
            #expect(layout.range(ofPage: k + 1) == exact.pageRange(exact.pageCount / 2 + 1))
            let epoch = layout.epoch
            layout.waitUntilExact()
            #expect(layout.isExact && layout.epoch > epoch)
            #expect(layout.pageCount == exact.pageCount)
            #expect(layout.page(containing: position) == exact.pageCount / 2)
        }

        @Test func jumpsFarAwayReanchorInsteadOfLayingOutEverything() throws {
            let (layout, exact) = try layout(at: 0)
            let far = exact.pageStart(exact.pageCount - 2) + 3
            let k = layout.pageForJump(to: far)
            #expect(layout.range(ofPage: k).contains(far))
            #expect(!layout.isExact)
        }
    }
}
