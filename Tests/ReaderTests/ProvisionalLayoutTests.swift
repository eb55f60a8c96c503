import PageTurner
import Pagination
import Reader
import ReaderTestSupport
import Testing

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

    /// An anchor whose estimated page count is longer than the book turns out to be.
    func overshootingAnchor(size: Size) throws -> Int? {
        let book = try Fixture.book()
        let fonts = try Fixture.fonts()
        let settings = PageMargins.layoutSettings(pageSize: size, fontSize: 18)
        let advances = fonts.advanceTable(pixelSize: 18)
        let exact = Paginator(text: book.text, settings: settings, advances: advances).paginate()
        return stride(from: 0, to: book.text.scalarCount, by: 97).first { offset in
            BookLayout(book: book, settings: settings, advances: advances, fontFingerprint: "test", at: offset,
                       cache: nil, background: true, startPass: false).pageCount > exact.pageCount + 1
        }
    }

    @Test func endWhileTheEstimateIsTooLongLandsOnTheLastPageThatExists() throws {
        let size = Size(width: 700, height: 900)
        let anchor = try #require(try overshootingAnchor(size: size), "the sample book has an anchor that overestimates")
        for keys in [[ReaderKey.end], [.end] + Array(repeating: .right, count: 6)] {
            let session = try Fixture.session(curl: .none) {
                $0.backgroundLayout = true
                $0.position = anchor
            }
            session.resize(to: size)  // provisional: the full pass is held back
            #expect(!session.isLayoutExact)
            var t = 1.0
            for key in keys {
                session.handle(.key(key, shift: false), at: t)
                t += 30  // faster than a turn lands
            }
            // Before the held-back pass is due (`fullPassDelay` after the resize at 0): a pass
            // that started and finished inside this advance would swap in the exact layout
            // and make what follows a race. The `none` curl lands every turn at once.
            session.advance(to: t + 10)
            #expect(t + 10 < ReaderSession.fullPassDelay && !session.isLayoutExact)
            let range = session.layout.range(ofPage: session.page)
            #expect(!range.isEmpty, "\(keys.count) keys: the page shown exists")
            #expect(range.upperBound == session.book.text.scalarCount, "it is the book's last page")
            #expect(session.position == range.lowerBound && session.position > anchor, "the place moved to it, not to 0")
            #expect(session.page == session.pageCount - 1)
            session.waitForLayout()
            #expect(session.layout.range(ofPage: session.page).contains(session.position), "the exact pass keeps the place")
        }
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

    @Test func aWindowsFirstPassWaitsForTheFirstFrameAndAReplacedLayoutsNeverStarts() throws {
        let session = try Fixture.session(curl: .none) {
            $0.backgroundLayout = true
            $0.holdPassUntilShown = true
            $0.position = 5000
        }
        #expect(session.layout.isPassHeldBack)
        session.advance(to: 1000)  // the loop's clock running does not start it
        #expect(session.layout.isPassHeldBack)
        session.firstFrameShown()
        #expect(!session.layout.isPassHeldBack)
        session.layout.waitUntilExact()
        #expect(session.isLayoutExact)

        // A resize before the first frame: the new layout holds its own pass (LiveLayout's
        // delay); the first frame leaves it alone and the old one stays unstarted.
        let resized = try Fixture.session(curl: .none) {
            $0.backgroundLayout = true
            $0.holdPassUntilShown = true
        }
        let first = resized.layout
        resized.resize(to: Size(width: 640, height: 900))
        #expect(resized.layout !== first)
        resized.firstFrameShown()
        #expect(first.isPassHeldBack)
        #expect(resized.layout.isPassHeldBack)
    }
}

/// The margins of a drawn page: the folio and the running head.
@Suite struct PageLabelTests {
    @Test func theFolioGivesTheBooksLengthMarkedAsAnEstimateUntilTheFullPassIsIn() throws {
        let book = try Fixture.book()
        let fonts = try Fixture.fonts()
        let settings = LayoutSettings(pageWidth: 600, pageHeight: 700, margin: 40, fontSize: 18)
        let advances = fonts.advanceTable(pixelSize: 18)
        let layout = BookLayout(book: book, settings: settings, advances: advances, fontFingerprint: "test", at: 0,
                                cache: nil, background: true, startPass: false)
        #expect(!layout.isExact)
        // Page 1 is the title page, which has none.
        #expect(layout.pageLayout(1).pageNumber?.text == "2 / ~\(layout.pageCount)")
        layout.waitUntilExact()
        let exact = Paginator(text: book.text, settings: settings, advances: advances).paginate()
        #expect(layout.pageLayout(2).pageNumber?.text == "3 / \(exact.pageCount)")
    }

    /// The sample book laid out whole on 600 × 700 pages.
    func sampleLayout() throws -> (Book, BookLayout) {
        let book = try Fixture.book()
        let settings = LayoutSettings(pageWidth: 600, pageHeight: 700, margin: 40, fontSize: 18)
        return (book, BookLayout(book: book, settings: settings, advances: try Fixture.fonts().advanceTable(pixelSize: 18),
                                 fontFingerprint: "test", at: 0, cache: nil, background: false))
    }

    @Test func theSampleBooksTitlePageHasNeitherRunningHeadNorFolio() throws {
        let (_, layout) = try sampleLayout()
        #expect(layout.lines(onPage: 0).allSatisfy { $0.flags.contains(.title) })
        #expect(layout.pageLayout(0).runningHead == nil)
        #expect(layout.pageLayout(0).pageNumber == nil)
        #expect(layout.pageLayout(1).pageNumber?.text == "2 / \(layout.pageCount)")
    }

    @Test func aPageThatOpensAChapterHasNoRunningHead() throws {
        let (book, layout) = try sampleLayout()
        let opening = try #require((0..<layout.pageCount).first { layout.lines(onPage: $0).first?.flags.contains(.heading) == true })
        #expect(layout.pageLayout(opening).runningHead == nil)
        #expect(layout.pageLayout(opening + 1).runningHead?.text == book.chapter(at: layout.range(ofPage: opening + 1).lowerBound)?.title)
    }
}
