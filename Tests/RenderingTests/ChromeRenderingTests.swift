import Foundation
import PageTurner
import Pagination
import Reader
import ReaderTestSupport
import Rendering
import Testing

extension Rendering {
    /// What is drawn over the page, and pages with nothing on them.
    @Suite struct ChromeRenderingTests {
        @Test func aLongNoticeInANarrowWindowWrapsInsideThePage() throws {
            let text = "Saved state not used (a newer version of PageTurn wrote it); not saving over it"
            let session = try Fixture.session(width: 240, height: 400) { $0.notice = text }
            let canvas = try Canvas.offscreen(width: 240, height: 400)
            Fixture.drawScene(session, on: canvas)
            let frame = canvas.readPixels()
            // The notice is a dark box (ink at 85%) with light text, low on the page.
            var boxRows: [Int] = []
            var boxColumns = Set<Int>()
            for y in 200..<400 {
                let dark = (0..<240).filter { frame.luminance(x: $0, y: y) < 100 }
                if dark.count > 120 {
                    boxRows.append(y)
                    boxColumns.formUnion(dark)
                }
            }
            let columns = try #require(boxColumns.min().flatMap { lo in boxColumns.max().map { lo...$0 } }, "a notice is drawn")
            #expect(columns.lowerBound >= 8 && columns.upperBound <= 231, "inside the page with a margin: \(columns)")
            #expect(boxRows.count > 50, "on more than one line: \(boxRows.count) rows")
            #expect(boxRows.last! < 400 - 4, "above the bottom edge")
        }

        @Test func anEmptyBookIsOneBlankPage() throws {
            try SDLRuntime.start(headless: true)
            var start = ReaderStart()
            start.backgroundLayout = false
            start.pageCache = nil
            let session = ReaderSession(book: Book(text: BookText(normalizedUTF8: []), title: "empty"),
                                        fonts: try Fixture.fonts(), pageSize: Size(width: 400, height: 600), start: start)
            let frame = try Fixture.render(session, page: 0)
            #expect(frame.inkCount(x: 0..<400, y: 40..<560) == 0, "no text, no page number ink in the body")
        }
    }
}
