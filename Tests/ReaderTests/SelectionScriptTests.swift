import PageTurner
import GestureScripts
@testable import Reader
import Testing

/// The script steps of selecting and annotating, as `read --script` reads them.
@Suite struct SelectionScriptTests {
    @Test func selectIsALongPressThenADragThenALift() throws {
        let steps = try ReaderScript.parse("select 100 200 300 220 @500\ncopy @1500\n").steps
        #expect(steps.first?.action == .gesture(.down(Point(x: 100, y: 200), pointer: 0)))
        #expect(steps.first?.time == 500)
        let moves = steps.filter { if case .gesture(.move) = $0.action { true } else { false } }
        #expect(moves.count == 4 && moves.allSatisfy { $0.time >= 500 + ReaderScript.selectHold })
        #expect(moves.last?.action == .gesture(.move(Point(x: 300, y: 220), pointer: 0)))
        #expect(steps[steps.count - 2].action == .gesture(.up(nil, pointer: 0)))
        #expect(steps[steps.count - 2].time == 500 + ReaderScript.selectLength)
        #expect(steps.last?.action == .press([ReaderScript.KeyName(name: "c", shift: false, control: true)]))
    }

    @Test func findAndHighlightAreTheirKeys() throws {
        let steps = try ReaderScript.parse("find Mad Hatter @100\nhighlight blue a tea party @200\n").steps
        #expect(steps.map(\.action) == [
            .press([ReaderScript.KeyName(name: "f", shift: false, control: true)]), .type("Mad Hatter"),
            .press([ReaderScript.KeyName(name: "Return", shift: false)]),
            .press([ReaderScript.KeyName(name: "3", shift: false)]), .press([ReaderScript.KeyName(name: "n", shift: false)]),
            .type("a tea party"), .press([ReaderScript.KeyName(name: "Return", shift: false)]),
        ])
    }

    @Test(arguments: [
        ("select 100 @5", "expected 'select X Y [X2 Y2] @T': two or four numbers, then the time"),
        ("select 1 2 3 4 5 @5", "expected 'select X Y [X2 Y2] @T': two or four numbers, then the time"),
        ("select 1 2", "expected 'select X Y [X2 Y2] @T' with a time from 0 to 999999000 ms"),
        ("highlight violet @5", "expected 'highlight yellow|green|blue|pink [NOTE] @T'"),
        ("find @5", "expected 'find TEXT @T'"),
        ("copy now @5", "expected 'copy @T'"),
    ])
    func badStepsAreNamedByTheirLine(line: String, message: String) {
        #expect { try ReaderScript.parse("tick @0\n" + line + "\n") } throws: { error in
            (error as? GestureScriptError)?.line == 2 && (error as? GestureScriptError)?.message == message
        }
    }

    @Test func aStepDuringASelectionIsRefusedAsGoingBackwards() {
        #expect { try ReaderScript.parse("select 1 2 @100\ncopy @500\n") } throws: { error in
            (error as? GestureScriptError)?.line == 2
        }
    }
}
