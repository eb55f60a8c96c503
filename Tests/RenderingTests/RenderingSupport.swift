import Foundation
import Fonts
import PageTurner
import Pagination
import Reader
import ReaderState
import ReaderTestSupport
import Rendering
import Testing

/// Every rendering test runs inside this suite, one at a time: SDL is used from one thread.
@Suite(.serialized) enum Rendering {}

/// What the rendering tests share: `ReaderFixture`'s book and sessions, with SDL started on
/// its dummy driver, and frames drawn from them.
enum Fixture {
    static func book(_ name: String = "alice-excerpt.txt") throws -> Book { try ReaderFixture.book(name) }

    static func fonts() throws -> FontSet { try ReaderFixture.fonts() }

    /// A session on the sample book with exact pages (no background pass), no page cache; SDL
    /// is started for the canvases the test draws on.
    static func session(width: Int = 800, height: Int = 1000, curl: CurlModel = .classic,
                        configure: (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
        try SDLRuntime.start(headless: true)
        return try ReaderFixture.session(width: width, height: height, curl: curl, configure: configure)
    }

    /// Draws page `page` still, or turning towards `incoming` at `pose`, as `pageturn render`
    /// draws it (no chrome).
    static func render(_ session: ReaderSession, page: Int, incoming: Int = -1, pose: TurnPose? = nil) throws -> Frame {
        let size = session.pageSize
        let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height))
        draw(session, pose: pose, from: page, to: incoming, on: canvas)
        return canvas.readPixels()
    }

    /// Draws the frame the session shows now (pages, chrome and all), as the window does.
    static func drawScene(_ session: ReaderSession, on canvas: Canvas) {
        ReaderView(fonts: session.fonts).draw(session.scene, on: canvas)
    }

    /// Draws a still or turning frame of `session`'s layout on `canvas`, in its curl and theme
    /// (with `view`, or a new view).
    static func draw(_ session: ReaderSession, pose: TurnPose?, from page: Int, to incoming: Int, on canvas: Canvas,
                     view: ReaderView? = nil) {
        (view ?? ReaderView(fonts: session.fonts)).drawTurn(session.layout, theme: session.preferences.theme, curl: session.curlRenderer,
                                                  pose: pose, from: page, to: incoming, spread: session.spread,
                                                  rightToLeft: session.preferences.progression.isRightToLeft, on: canvas)
    }
}

extension Frame {
    /// Whether (x, y) is ink: clearly darker than the paper.
    func isInk(_ x: Int, _ y: Int, below threshold: Double = 160) -> Bool { luminance(x: x, y: y) < threshold }

    /// The number of ink pixels in a rectangle.
    func inkCount(x: Range<Int>, y: Range<Int>, below threshold: Double = 160) -> Int {
        var n = 0
        for yy in y { for xx in x where isInk(xx, yy, below: threshold) { n += 1 } }
        return n
    }

    /// The darkest luminance in a rectangle.
    func darkest(x: Range<Int>, y: Range<Int>) -> Double {
        var d = 255.0
        for yy in y { for xx in x { d = min(d, luminance(x: xx, y: yy)) } }
        return d
    }
}
