import Reader
import ReaderTestSupport
import Testing

/// A script's time line costs frames for what moves, not for its length in milliseconds:
/// idle stretches and a page held still under a finger are skipped, animations are not.
@Suite struct ScriptTimeTests {
    @Test func idleTimeIsSkippedButAnimationsAreNot() throws {
        let session = try Fixture.session()
        let idle = ScriptedInput.play(try ReaderScript.parse("key next @10\ntick @100000000\nkey next @100000100\n"), on: session)
        #expect(session.page == 2, "both turns happened")
        // Each turn's animation (300 ms at 60 frames a second, about 18 frames), the frame
        // before each step, and nothing for the 28 idle hours.
        #expect(idle > 20 && idle < 80, "\(idle) frames")
    }

    @Test func aPageHeldStillIsDrawnOnceNotAtEveryTick() throws {
        let session = try Fixture.session()
        let held = ScriptedInput.play(try ReaderScript.parse("""
            down 700 500 @0
            move 600 505 @50
            move 450 510 @100
            tick @100000
            move 300 515 @100000
            up @100020
            """), on: session)
        #expect(session.page == 1, "the held drag still turns when let go")
        // A few frames around each step and the turn's landing; not 6,000 for the 100 s held.
        #expect(held < 80, "\(held) frames")
    }
}
