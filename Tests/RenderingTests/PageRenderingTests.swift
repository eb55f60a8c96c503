import PageTurner
import Pagination
import Reader
import Rendering
import Testing

extension Rendering {
    @Suite struct PageRenderingTests {
        @Test func aPageShowsItsTextInsideTheContentBox() throws {
            let session = try Fixture.session()
            // Page 2 runs on inside a chapter (page 1 opens it, without a running head).
            let frame = try Fixture.render(session, page: 2)
            let settings = session.layout.settings
            let m = Int(settings.margin), w = frame.width, h = frame.height
            // Hanging punctuation may stand in the right margin, up to half an em.
            let hang = Int(settings.fontSize * 0.6)

            #expect(frame.inkCount(x: m..<(w - m), y: m..<(h - m)) > 2000, "the page has text")
            // Outside the box: only the running head (top) and the page number (bottom).
            let headBand = 0..<(m - 4), footBand = (h - m + 4)..<h
            for y in 0..<h where !headBand.contains(y) && !footBand.contains(y) {
                for x in 0..<w where x < m - 2 || x >= w - m + hang || y < m - 2 || y >= h - m + 2 {
                    #expect(!frame.isInk(x, y), "ink outside the content box at (\(x), \(y))")
                    if frame.isInk(x, y) { return }
                }
            }
            #expect(frame.inkCount(x: 0..<w, y: headBand) > 0, "the running head is drawn")
            #expect(frame.inkCount(x: 0..<w, y: footBand) > 0, "the page number is drawn")
        }

        @Test func everyLineOfThePageIsARowOfInk() throws {
            let session = try Fixture.session()
            let frame = try Fixture.render(session, page: 2)
            let m = Int(session.layout.settings.margin)
            var clusters = 0, inside = false
            for y in m..<(frame.height - m) {
                let ink = frame.inkCount(x: m..<(frame.width - m), y: y..<(y + 1), below: 200) > 0
                if ink && !inside { clusters += 1 }
                inside = ink
            }
            #expect(clusters == session.layout.lines(onPage: 2).count)
        }

        @Test func themesColourThePaper() throws {
            for theme in Theme.allCases {
                let session = try Fixture.session { $0.preferences.theme = theme }
                let frame = try Fixture.render(session, page: 0)
                let (r, g, b) = frame.rgb(x: 2, y: frame.height / 2)
                #expect(r == Int(theme.background.r) && g == Int(theme.background.g) && b == Int(theme.background.b))
            }
        }
    }
}
