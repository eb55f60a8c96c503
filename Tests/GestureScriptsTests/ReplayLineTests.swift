import Testing
@testable import GestureScripts

/// `simulate`'s lines as JSON: numbers to a thousandth, what is not a number as `null`, a
/// negative zero as 0.
@Suite struct ReplayLineTests {
    @Test("a number that is not finite is null, a negative zero is 0, others are rounded to a thousandth")
    func numbers() {
        let line = ReplayLine.Frame(t: ReplayLine.number(16.66666), frame: 1, state: "dragging", page: 0, toolbars: false,
                                    pointer: ReplayLine.numbers([.nan, -0.0001]), progress: ReplayLine.number(.infinity))
        #expect(ReplayLine.text(line)
                == #"{"frame":1,"page":0,"pointer":[null,0],"progress":null,"state":"dragging","t":16.667,"toolbars":false}"#)
    }

    @Test("a cylinder frame with no fold on the page says so: \"fold\": null")
    func foldless() {
        var geometry = ReplayLine.Geometry()
        geometry.fold = .offPage
        geometry.radius = ReplayLine.number(30)
        let line = ReplayLine.Frame(t: ReplayLine.number(0), frame: 0, state: "settling", page: 0, toolbars: false,
                                    model: "cylinder", geometry: geometry)
        #expect(ReplayLine.text(line).contains(#""cylinder":{"fold":null,"radius":30}"#))
    }
}
