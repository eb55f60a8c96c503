import Foundation
import PageTurner
import Pagination
import Reader
import ReaderTestSupport
@testable import Rendering
import Testing

extension Rendering {
    /// The selection as drawn: the theme's selection colour behind the selected glyphs only,
    /// the ink still over it, in a right-to-left line where its glyphs fall; and inputs timed
    /// by when they happened, not when the loop read them.
    @Suite struct SelectionRenderingTests {
        /// A session on `text` at 800 × 600, SDL started.
        static func session(_ text: String, progression: PageProgression = .leftToRight) throws -> ReaderSession {
            try SDLRuntime.start(headless: true)
            var start = ReaderStart()
            start.backgroundLayout = false
            start.pageCache = nil
            start.preferences.progression = progression
            return ReaderSession(book: Book(text: BookText(text), title: "Sample"), fonts: try Fixture.fonts(),
                                 pageSize: Size(width: 800, height: 600), start: start)
        }

        /// The scalar range of the first `word` in the book.
        static func range(of word: String, in session: ReaderSession) throws -> Range<Int> {
            let text = session.book.text.string(0..<session.book.text.scalarCount)
            let r = try #require(text.range(of: word))
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: r.lowerBound)
            return start..<(start + word.unicodeScalars.count)
        }

        /// How many pixels of `frame` inside `rect` (page coordinates, scale 1) are exactly `color`.
        static func count(_ color: RGB, in rect: PageRect, of frame: Frame) -> Int {
            var n = 0
            for y in Int(rect.y.rounded(.up))..<Int((rect.y + rect.height).rounded(.down)) {
                for x in Int(rect.x.rounded(.up))..<Int((rect.x + rect.width).rounded(.down)) where frame.pixels[y * frame.width + x] == color.argb {
                    n += 1
                }
            }
            return n
        }

        /// Draws the scene the session shows now.
        static func frame(_ session: ReaderSession) throws -> Frame {
            let canvas = try Canvas.offscreen(width: 800, height: 600)
            Fixture.drawScene(session, on: canvas)
            return canvas.readPixels()
        }

        /// Long-presses the middle of `word`'s first piece.
        static func select(_ word: String, in s: ReaderSession) throws -> [PageRect] {
            let rects = s.layout.pageLayout(0).rects(covering: try range(of: word, in: s))
            let r = try #require(rects.first)
            ScriptedInput.play(try ReaderScript.parse("select \(r.x + r.width / 2) \(r.y + r.height / 2) @100\ntick @1200\n"), on: s)
            return rects
        }

        @Test func theSelectionIsDrawnBehindItsGlyphsAndNowhereElse() throws {
            let s = try Self.session("Selected words are drawn on a tint, the rest on paper.\nA second paragraph.\n")
            let rects = try Self.select("drawn", in: s)
            #expect(s.selectedText == "drawn")
            let frame = try Self.frame(s)
            let tint = s.preferences.theme.selection
            let inside = rects.reduce(0) { $0 + Self.count(tint, in: $1, of: frame) }
            let area = rects.reduce(0) { $0 + Int($1.width * $1.height) }
            #expect(Double(inside) > 0.3 * Double(area), "the tint fills the word's box between its strokes")
            let inked = rects.contains { r in
                (Int(r.y)..<Int(r.y + r.height)).contains { y in (Int(r.x)..<Int(r.x + r.width)).contains { frame.luminance(x: $0, y: y) < 90 } }
            }
            #expect(inked, "the glyphs are drawn over the tint")
            let other = s.layout.pageLayout(0).rects(covering: try Self.range(of: "paper", in: s))
            #expect(other.allSatisfy { Self.count(tint, in: $0, of: frame) == 0 })

            ScriptedInput.play(try ReaderScript.parse("press Escape @2000\n"), on: s)
            let cleared = try Self.frame(s)
            #expect(rects.allSatisfy { Self.count(tint, in: $0, of: cleared) == 0 }, "a cleared selection is no longer drawn")
        }

        @Test func inARightToLeftLineTheTintFallsWhereTheWordsGlyphsAre() throws {
            let s = try Self.session("בראשית ברא אלהים את השמים ואת הארץ\nוהארץ היתה תהו ובהו\n", progression: .rightToLeft)
            let rects = try Self.select("אלהים", in: s)
            #expect(s.selectedText == "אלהים")
            let frame = try Self.frame(s)
            let tint = s.preferences.theme.selection
            #expect(rects.allSatisfy { Self.count(tint, in: $0, of: frame) > 20 })
            // The first word of the line is at its right end, the selected third word left of it.
            let first = try #require(s.layout.pageLayout(0).rects(covering: try Self.range(of: "בראשית", in: s)).first)
            #expect(rects[0].x + rects[0].width <= first.x + 1, "right to left: the third word lies left of the first")
            #expect(Self.count(tint, in: first, of: frame) == 0)
        }

        @Test func anInputIsTimedWhenItHappenedNotWhenItWasRead() throws {
            // Read 200 ms after it happened (a slow frame between a press and its release).
            #expect(EventLoop.time(ofStamp: 10_000, ticks: 10_200, now: 5000) == 4800)
            // SDL's stamp wrapped past 2³² ms while its clock did not yet.
            #expect(EventLoop.time(ofStamp: 50, ticks: (1 << 32) + 150, now: 5000) == 4900)
            #expect(EventLoop.time(ofStamp: 0, ticks: 10_200, now: 5000) == 5000, "an event without a stamp is timed now")
            #expect(EventLoop.time(ofStamp: 10_000, ticks: 900_000, now: 5000) == 5000, "nor is one a quarter of an hour old")
        }
    }
}
