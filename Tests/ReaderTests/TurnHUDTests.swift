import PageTurner
import Reader
import ReaderTestSupport
import Testing

/// The turn gauges (`--hud`, F3): what the machine weighs during a drag, and why it decided.
@Suite struct TurnHUDTests {
    @Test func f3ShowsTheGaugesOfADragAndThenTheVerdict() throws {
        let session = try Fixture.session()
        #expect(session.scene.hud == nil, "hidden by default")
        session.handle(.key(.f3, shift: false), at: 0)
        #expect(session.scene.hud != nil && session.scene.hud?.gauge == nil, "shown, nothing to gauge yet")
        session.handle(.pointerDown(id: 0, at: Point(x: 700, y: 500)), at: 100)
        session.handle(.pointerMove(id: 0, at: Point(x: 650, y: 500)), at: 200)
        session.handle(.pointerMove(id: 0, at: Point(x: 560, y: 500)), at: 400)
        let gauge = try #require(session.scene.hud?.gauge)
        #expect(gauge.direction == .next)
        #expect(gauge.press == Point(x: 700, y: 500))
        #expect(gauge.travel == 140 && gauge.commitDistance == 160)
        #expect(gauge.commitLineX == 540, "0.2 × 800 left of the press")
        session.handle(.pointerUp(id: 0, at: nil), at: 500)
        let release = try #require(session.scene.hud?.release)
        #expect(release.reason == .belowThreshold && !release.commit)
        session.advance(to: 500 + TurnHUD.releaseShown + 1)
        #expect(session.scene.hud?.release == nil, "the verdict goes after a while")
        session.handle(.key(.f3, shift: false), at: 4000)
        #expect(session.scene.hud == nil)
    }

    @Test func hudStartsShownWhenAsked() throws {
        let session = try Fixture.session { $0.hud = true }
        #expect(session.scene.hud != nil)
    }
}
