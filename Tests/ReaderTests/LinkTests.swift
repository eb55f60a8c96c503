import PageTurner
import Pagination
import ReaderTestSupport
import Testing
@testable import Reader

/// Links in a structured book: a tap follows one with no curl, Backspace comes back, a drag
/// that starts on one still turns the page.
@Suite("Links")
struct LinkTests {
    /// A link on the first page to the paragraph "Target" many pages on, and one out of the book.
    static func session() throws -> (ReaderSession, target: Int) {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("See ")
        builder.link = "book.xhtml#target"
        builder.append("the note, which runs on for a while so that it covers the whole first line of the page and then some more")
        builder.link = "https://example.org/"
        builder.append(" or the web")
        builder.link = nil
        builder.append(".")
        for k in 0..<400 {
            builder.beginBlock(.paragraph)
            builder.append("Paragraph \(k) runs on long enough to fill a good part of a line on the page.")
        }
        builder.beginBlock(.paragraph)
        let target = builder.scalarCount
        builder.append("Target.")
        let (text, structure) = builder.finish()
        var book = Book(text: text, title: "Links", chapters: [], structure: structure)
        book.linkTargets = ["book.xhtml#target": target]
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        start.preferences.spreadMode = .single
        let session = ReaderSession(book: book, fonts: try ReaderFixture.fonts(), pageSize: Size(width: 800, height: 1000),
                                    start: start)
        return (session, target)
    }

    /// The offset of `needle` in the session's book.
    static func offset(of needle: String, in session: ReaderSession) -> Int {
        let text = session.book.text.string(0..<session.book.text.scalarCount)
        return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex,
                                            to: text.range(of: needle)!.lowerBound.samePosition(in: text.unicodeScalars)!)
    }

    /// Where the glyph showing scalar `offset` is drawn on page `page`.
    static func point(of offset: Int, in session: ReaderSession, page: Int = 0) -> Point {
        for line in session.layout.pageLayout(page).lines {
            if let glyph = line.glyphs.first(where: { Int($0.cluster) == offset }) {
                return Point(x: Double(glyph.x) + 2, y: Double(line.baseline) - 4)
            }
        }
        Issue.record("no glyph for offset \(offset) on page \(page)")
        return Point(x: -1, y: -1)
    }

    @Test("a tap on a link goes to its target with no curl; Backspace comes back")
    func tapAndBack() throws {
        let (session, target) = try Self.session()
        let p = Self.point(of: 5, in: session)  // "the note"
        session.handle(.pointerDown(id: 1, at: p), at: 0)
        session.handle(.pointerUp(id: 1, at: p), at: 60)
        #expect(session.page == session.layout.page(containing: target))
        #expect(session.page > 3)
        session.handle(.key(.backspace, shift: false), at: 200)
        #expect(session.page == 0)
    }

    @Test("a link out of the book is named, not followed")
    func external() throws {
        let (session, _) = try Self.session()
        let p = Self.point(of: Self.offset(of: "or the web", in: session), in: session)
        session.handle(.pointerDown(id: 1, at: p), at: 0)
        session.handle(.pointerUp(id: 1, at: p), at: 60)
        #expect(session.page == 0)
        #expect(session.scene.notice?.contains("https://example.org/") == true)
    }

    @Test("a drag that starts on a link turns the page")
    func dragTurns() throws {
        let (session, _) = try Self.session()
        // A glyph of the link near the first line's right end.
        let line = session.layout.pageLayout(0).lines[0]
        let glyph = try #require(line.glyphs.last { $0.x < 760 && $0.x > 600 })
        let onLink = Point(x: Double(glyph.x) + 2, y: Double(line.baseline) - 4)
        #expect(session.link(at: onLink) != nil)
        session.handle(.pointerDown(id: 1, at: onLink), at: 0)
        for k in 1...10 {
            session.handle(.pointerMove(id: 1, at: Point(x: onLink.x - Double(k) * 50, y: onLink.y)), at: Double(k) * 20)
        }
        session.handle(.pointerUp(id: 1, at: Point(x: onLink.x - 500, y: onLink.y)), at: 220)
        var now = 220.0
        while now < 1_500 { now += 1000 / 60; session.advance(to: now) }
        #expect(session.page == 1)
    }
}
