import Foundation
import PageTurner
import Pagination
import Reader
import ReaderTestSupport
import TestSupport
import TextDecoding
import Testing

/// The page count and page number a reader shows while the full pass still runs
/// ("69 / ~1791"): estimated from the one page laid out, they should be close to the exact
/// ones, wherever the book is opened, chapter ends and openings included.
@Suite struct PageCountEstimateTests {
    /// War and Peace opened at several places, in the reader's book layout: within a quarter
    /// (one page's lines are only a sample of the book's: a page of long paragraphs holds more
    /// than one of dialogue). (Taking one page's
    /// length for every page's, a short chapter-end page made it "page 3961 of ~13204" where
    /// the book has 1690.)
    @Test func warAndPeaceEstimatesAreWithinAQuarterOfTheExactPages() throws {
        let bytes = try SharedData.corpusBytes("en_tolstoy_war_and_peace.txt")
        let text = BookText(decoded: try TextDecoder.decode(bytes, encoding: nil))
        let book = Book(text: text, title: "War and Peace")
        let fonts = try Fixture.fonts()
        let settings = PageMargins.layoutSettings(pageSize: Size(width: 800, height: 1000), fontSize: 18)
        let advances = fonts.advanceTable(pixelSize: 18)
        let exact = BookLayout(book: book, settings: settings, advances: advances, fontFingerprint: "test", at: 0,
                               cache: nil, background: false)
        let pages = exact.pageCount
        for fraction in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let offset = Int(Double(text.scalarCount) * fraction)
            let provisional = BookLayout(book: book, settings: settings, advances: advances, fontFingerprint: "test",
                                         at: offset, cache: nil, background: true, startPass: false)
            let estimatedPage = provisional.page(containing: offset), exactPage = exact.page(containing: offset)
            let seen = "at \(fraction) of the book: page \(estimatedPage + 1) of ~\(provisional.pageCount), exactly \(exactPage + 1) of \(pages)"
            #expect(abs(provisional.pageCount - pages) * 4 <= pages, "\(seen)")
            #expect(abs(estimatedPage - exactPage) * 4 <= exactPage, "\(seen)")
        }
    }
}
