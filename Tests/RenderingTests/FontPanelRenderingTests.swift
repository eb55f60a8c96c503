import Fonts
import Foundation
import PageTurner
import Pagination
import Reader
import ReaderTestSupport
import Rendering
import Testing

extension Rendering {
    /// The font panel on screen, and pages drawn in the face chosen in it.
    @Suite struct FontPanelRenderingTests {
        static let dejaVuSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

        static func choices() -> FontChoices {
            FontChoices(families: { FontLocator()?.installedFamilies() ?? [] }, open: { family in
                guard let family else { return try ReaderFixture.fonts() }
                let locator = try #require(FontLocator())
                let found = try #require(locator.face(family: family))
                return FontSet(primary: try FontFace(path: found.path, faceIndex: found.faceIndex))
            })
        }

        @Test func aFontChosenInTheSessionIsWhatItsPagesAreDrawnIn() throws {
            let session = try Fixture.session(width: 500, height: 700) {
                $0.fontChoices = Self.choices()
                $0.position = 5000
            }
            let view = ReaderView(fonts: session.fonts)
            let canvas = try Canvas.offscreen(width: 500, height: 700)
            view.draw(session.scene, on: canvas)
            let before = canvas.readPixels()
            session.setFont("DejaVu Serif")
            session.advance(to: 10_000)
            view.draw(session.scene, on: canvas)
            let after = canvas.readPixels()

            // A session opened in that face from the start, on the same place, draws the same page.
            var start = ReaderStart()
            start.backgroundLayout = false
            start.pageCache = nil
            start.position = session.position
            let fresh = ReaderSession(book: session.book, fonts: FontSet(primary: try FontFace(path: Self.dejaVuSerif)),
                                      pageSize: session.pageSize, start: start)
            fresh.advance(to: 10_000)
            let expected = try Canvas.offscreen(width: 500, height: 700)
            ReaderView(fonts: fresh.fonts).draw(fresh.scene, on: expected)
            let wanted = expected.readPixels()
            let differing = zip(after.pixels, wanted.pixels).count { $0 != $1 }
            #expect(after.pixels != before.pixels, "the page is drawn anew")
            #expect(differing == 0, "in the face chosen, by the view that drew the old one: \(differing) pixels differ")
        }

        @Test func eachRowIsDrawnAndTheFaceInUseMarked() throws {
            let session = try Fixture.session(width: 600, height: 900) { $0.fontChoices = Self.choices() }
            session.handle(.key(.character("f"), shift: false), at: 100)
            session.handle(.text("noto serif b"), at: 200)
            let canvas = try Canvas.offscreen(width: 600, height: 900)
            ReaderView(fonts: session.fonts).draw(session.scene, on: canvas)
            let frame = canvas.readPixels()
            let g = FontPanel.layout(Size(width: 600, height: 900)).list
            let row = g.row(0)
            let (x0, x1) = (Int(row.minX), Int(row.maxX))
            let (y0, y1) = (Int(row.minY), Int(row.maxY))
            let middle = (x0 + x1) / 2
            // "Noto Serif Balinese" and "Noto Serif Bengali": the name at the left, a sample of
            // the face's own letters at the right.
            #expect(frame.inkCount(x: x0..<middle, y: y0..<y1) > 50, "the family's name")
            #expect(frame.inkCount(x: middle..<x1, y: y0..<y1) > 50, "its letters, in its own face")
            let empty = g.row(3)
            #expect(frame.inkCount(x: Int(empty.minX)..<Int(empty.maxX), y: Int(empty.minY)..<Int(empty.maxY)) == 0,
                    "two families match: nothing below them")
        }
    }
}
