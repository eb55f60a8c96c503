import PageTurner
import Reader
import Rendering
import Testing

extension Rendering {
    /// The launch's first picture, made on the CPU for the window's own surface before the
    /// renderer exists, is the renderer's first frame: the same page, the same spread cut at
    /// the same spine, the binding shaded alike (up to rounding).
    @Suite struct FirstPictureTests {
        /// The picture `firstPicture` makes of `session`'s scene, and the renderer's frame of it.
        static func both(_ session: ReaderSession) throws -> (picture: Frame?, frame: Frame) {
            let size = session.pageSize
            let early = ReaderView(fonts: session.fonts)
            early.precompose(session.scene, pixelWidth: Int(size.width), pixelHeight: Int(size.height))
            let picture = early.firstPicture(session.scene, pixelWidth: Int(size.width), pixelHeight: Int(size.height))
            let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height))
            Fixture.drawScene(session, on: canvas)
            return (picture, canvas.readPixels())
        }

        @Test func aPageIsTheRenderersFirstFrameExactly() throws {
            let session = try Fixture.session(width: 600, height: 800)
            let (picture, frame) = try Self.both(session)
            #expect(try #require(picture).pixels == frame.pixels)
        }

        @Test(arguments: [PageProgression.leftToRight, .rightToLeft])
        func aSpreadIsTheRenderersFirstFrameUpToRounding(progression: PageProgression) throws {
            let session = try Fixture.session(width: 1400, height: 900) {
                $0.preferences.spreadMode = .spread
                $0.preferences.progression = progression
            }
            try #require(session.spread != nil)
            let (picture, frame) = try Self.both(session)
            let p = try #require(picture)
            let worst = zip(p.pixels, frame.pixels).map { FrameDifference.channelDistance($0, $1) }.max() ?? 0
            #expect(worst <= 2, "the largest difference of a channel: \(worst)")
        }

        @Test func nothingWhenTheFrameHoldsMoreThanPages() throws {
            let session = try Fixture.session(width: 600, height: 800)
            let t = session.now + 10
            session.handle(.key(.character("m"), shift: false), at: t)
            session.advance(to: t + 1000)
            try #require(session.scene.toolbars != nil, "the toolbars are in the frame")
            let size = session.pageSize
            let view = ReaderView(fonts: session.fonts)
            view.precompose(session.scene, pixelWidth: Int(size.width), pixelHeight: Int(size.height))
            let withToolbars = view.firstPicture(session.scene, pixelWidth: Int(size.width), pixelHeight: Int(size.height)) == nil
            #expect(withToolbars, "toolbars are drawn by the renderer")
            let atAnotherSize = view.firstPicture(session.scene, pixelWidth: 300, pixelHeight: 400) == nil
            #expect(atAnotherSize, "pages composed for another size")
        }
    }
}
