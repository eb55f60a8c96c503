import Foundation
import GestureLab
import GestureScripts
import PageTurner
import Reader
import ReaderTestSupport
import Testing

/// A tap is never lost: the recording `read --record` wrote of the issue's
/// sequence in a real window (two drags, then a click at the top middle of a 706 × 942
/// window), kept as `Tests/Recordings/tap-after-two-drags.gestures`. Its click must
/// show the toolbars, on the machine the window had and in a reading session.
@Suite("A recorded tap after two drags")
struct TapRecordingTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings/tap-after-two-drags.gestures")

    static func recording() throws -> String { try String(contentsOf: file, encoding: .utf8) }

    @Test("replayed on the recorded machine, the click is a tap in the top zone and shows the toolbars")
    func onTheMachine() throws {
        let text = try Self.recording()
        let header = try RecordingHeader.parse(text)
        var lines: [String] = []
        let summary = GestureReplay.run(try GestureScript.parse(text), settings: ReplaySettings().applying(header)) { lines.append($0) }
        let events = lines.filter { $0.contains("\"event\"") }
        let tap = try #require(events.firstIndex { $0.contains("\"event\":\"tap\"") }, "no tap: \(events)")
        #expect(events[tap].contains("\"zone\":\"top\"") && events[tap].contains("\"action\":\"toggleToolbars\""), "\(events[tap])")
        #expect(events[tap...].contains { $0.contains("\"event\":\"toolbars\"") && $0.contains("\"shown\":true") },
                "the tap showed no toolbars: \(events)")
        // Both drags turn: the first, let go 36 ms after its last move where that move left the
        // pointer, was once cancelled as a "fling against" that never happened.
        #expect(summary.turns == 2 && summary.cancels == 0, "\(summary): \(events)")
    }

    @Test("its pointer steps, given to a session of the window's size, end with the toolbars shown")
    func inASession() throws {
        let script = try GestureScript.parse(try Self.recording())
        let session = try Fixture.session(width: 706, height: 942)
        var taps = 0
        for step in script.steps {
            switch step.action {
            case .down(let p, let id): session.handle(.pointerDown(id: id, at: p), at: step.time)
            case .move(let p, let id): session.handle(.pointerMove(id: id, at: p), at: step.time)
            case .up(let p, let id):
                session.handle(.pointerUp(id: id, at: p), at: step.time)
                if p.map({ $0.y < 100 }) ?? false { taps += 1 }
            default: break  // the session lays the book out itself
            }
        }
        session.advance(to: (script.steps.last?.time ?? 0) + 1000)
        #expect(taps == 1, "the recording ends with one click at the top")
        #expect(session.toolbarsShown, "the click at the top middle did not show the toolbars")
    }
}
