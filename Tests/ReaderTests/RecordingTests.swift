import GestureLab
import PageTurner
import Reader
import Testing
import GestureScripts

/// A recording of a session (`GestureRecorder` fed by the session's callbacks, as
/// `read --record` is) replays to what the session did, even when the window was resized, the
/// reader jumped or the direction changed on the way: those reach the recording as set-up
/// steps.
@Suite("A recording of a session")
struct RecordingTests {
    /// Records `session` while `script` plays; returns the recording's text.
    func record(_ session: ReaderSession, _ script: String, between: (Double) -> Void = { _ in }) throws -> String {
        let recorder = GestureRecorder(origin: session.now)
        var text = GestureRecorder.opening(GestureRecorder.header(machine: session.machine, curl: session.preferences.curl,
                                                                  zones: session.preferences.zones.name, settings: session.settings))
        session.onMachineInput = { input, time in text += recorder.line(for: input, at: time) + "\n" }
        session.onMachineSetup = { change, time in text += recorder.line(for: change, at: time) + "\n" }
        ScriptedInput.play(try ReaderScript.parse(script), on: session) { step in between(step.time) }
        return text
    }

    /// The replay's last line: `{"cancels":C,"page":K,"pages":N,"turns":T}`.
    func replay(_ recording: String) throws -> ReplaySummary {
        let header = try RecordingHeader.parse(recording)
        return GestureReplay.run(try GestureScript.parse(recording), settings: ReplaySettings().applying(header)) { _ in }
    }

    @Test("a resize in the middle of a drag drops it in the window and in the replay; later turns land alike")
    func aResizeMidDrag() throws {
        let session = try Fixture.session(width: 800, height: 1000)
        let recording = try record(session, """
            down 760 500 @0
            move 420 510 @100
            up @120
            tick @700
            down 760 500 @800
            move 500 505 @900
            resize 500 700 @950
            move 300 505 @1000
            up @1020
            tick @1600
            down 480 400 @1700
            move 300 400 @1800
            move 100 400 @1850
            up @1860
            tick @2600
            """)
        #expect(recording.contains("\nresize 500 700 @"), "the resize is in the recording:\n\(recording)")
        #expect(recording.contains("\npages "), "so is the new page count")
        let summary = try replay(recording)
        #expect(summary.page == session.page, "the window shows page \(session.page); the replay \(summary.page)\n\(recording)")
        #expect(summary.turns == 2 && summary.cancels == 0,
                "the first drag and the one after the resize turned; the one cut by it neither turned nor cancelled: \(summary)")
    }

    @Test("a jump to a page and a change of direction replay to the same page")
    func aJumpAndADirection() throws {
        let session = try Fixture.session()
        let recording = try record(session, """
            press g 5 Return @100
            down 760 500 @400
            move 420 510 @500
            up @520
            tick @1200
            tick @1300
            down 100 500 @1400
            move 500 510 @1500
            up @1520
            tick @2200
            """) { time in if time == 1200 { session.setProgression(.rightToLeft) } }
        #expect(recording.contains("\npages ") && recording.contains("\nprogression rtl @"), "\(recording)")
        let summary = try replay(recording)
        #expect(session.page == 6, "page 5 (from 1), then one on; then, right to left, a drag to the right turns on again")
        #expect(summary.page == session.page, "the window shows page \(session.page); the replay \(summary.page)\n\(recording)")
    }
}
