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
    static func session(spread: Bool = false, rightToLeft: Bool = false) throws -> (ReaderSession, target: Int) {
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
        start.preferences.spreadMode = spread ? .spread : .single
        if rightToLeft { start.preferences.progression = .rightToLeft }
        let size = spread ? Size(width: 1600, height: 1000) : Size(width: 800, height: 1000)
        let session = ReaderSession(book: book, fonts: try ReaderFixture.fonts(), pageSize: size, start: start)
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

    /// Taps the point `p` at time `t`.
    static func tap(_ session: ReaderSession, _ p: Point, at t: Double) {
        session.handle(.pointerDown(id: 1, at: p), at: t)
        session.handle(.pointerUp(id: 1, at: p), at: t + 60)
    }

    @Test("a link out of the book asks first: a second tap opens it, and it is not asked again")
    func external() throws {
        let (session, _) = try Self.session()
        let p = Self.point(of: Self.offset(of: "or the web", in: session), in: session)
        Self.tap(session, p, at: 0)
        #expect(session.page == 0)
        #expect(session.scene.notice?.contains("https://example.org/") == true)
        #expect(session.takeLinksToOpen().isEmpty, "nothing opens before the reader says so")
        Self.tap(session, p, at: 500)
        #expect(session.takeLinksToOpen() == ["https://example.org/"])
        #expect(session.takeLinksToOpen().isEmpty, "taken once")
        Self.tap(session, p, at: 10_000)
        #expect(session.takeLinksToOpen() == ["https://example.org/"], "asked once for a link")
        #expect(session.page == 0)
    }

    @Test("Enter opens the link asked about; Esc forgets it")
    func externalByKeys() throws {
        let (forgetting, _) = try Self.session()
        let p = Self.point(of: Self.offset(of: "or the web", in: forgetting), in: forgetting)
        Self.tap(forgetting, p, at: 0)
        forgetting.handle(.key(.escape, shift: false), at: 200)
        forgetting.handle(.key(.enter, shift: false), at: 300)
        #expect(forgetting.takeLinksToOpen().isEmpty)
        #expect(forgetting.toolbarsShown, "Enter is the toolbars' again")

        let (session, _) = try Self.session()
        Self.tap(session, p, at: 0)
        session.handle(.key(.enter, shift: false), at: 200)
        #expect(session.takeLinksToOpen() == ["https://example.org/"])
        #expect(!session.toolbarsShown, "the Enter that opens a link does not also show the toolbars")
    }

    @Test("a link in no scheme a browser takes (javascript:, file:) is named and never opened")
    func neverOpened() {
        for href in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "https://a.org/\u{7}bell",
                     "https://www.bank.com@evil.example/", "mailto:a@b.org?attach=/home/u/.ssh/id_rsa",
                     "https://a.org/`touch x`", "https://a.org/$(id)", "https:///no-host", "mailto:"] {
            #expect(!ReaderSession.opensOutside(href), "\(href)")
        }
        for href in ["https://example.org/a?b=c#d", "http://x.org", "mailto:someone@example.org"] {
            #expect(ReaderSession.opensOutside(href), "\(href)")
        }
    }

    @Test("in a spread, a link on either page is tapped where its page is drawn, either way the book reads",
          arguments: [false, true])
    func spread(rightToLeft: Bool) throws {
        let (session, target) = try Self.session(spread: true, rightToLeft: rightToLeft)
        #expect(session.spread != nil && session.page == 0)
        let geometry = try #require(session.spread)
        let side = LeafSide.of(page: 0, rightToLeft: rightToLeft)
        let origin = geometry.leaf(side).x + geometry.pageOffset(inLeaf: side)
        let onPage = Self.point(of: 5, in: session)  // "the note", in the first page's own coordinates
        let p = Point(x: onPage.x + origin, y: onPage.y)
        // The same place on the other page is no link.
        let other = Point(x: rightToLeft ? p.x - geometry.spineX : p.x + geometry.spineX, y: p.y)
        #expect(session.link(at: other) == nil)
        session.handle(.pointerDown(id: 1, at: p), at: 0)
        session.handle(.pointerUp(id: 1, at: p), at: 60)
        #expect(session.layout.page(containing: target) / 2 == session.page / 2, "the spread holding the target")
        #expect(session.page > 3)
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
