import PageTurner
import Reader
import ReaderTestSupport
import Testing

/// What the platform's events mean to the reader (`InputTranslator`), the one translation
/// the window and the scripts share.
@Suite struct InputTranslatorTests {
    let p = Point(x: 400, y: 500)

    @Test func theMouseCountsOnlyWhileItsButtonIsDown() throws {
        let session = try Fixture.session()
        var input = InputTranslator()
        input.deliver(.mouseMove(p), to: session, at: 0)
        input.deliver(.mouseUp(p), to: session, at: 10)
        #expect(session.pointersDown.isEmpty)
        input.deliver(.mouseDown(p), to: session, at: 20)
        #expect(session.pointersDown == [0])
        input.deliver(.mouseUp(p), to: session, at: 30)
        #expect(session.pointersDown.isEmpty)
    }

    @Test func fingersTakeTheLowestFreePointerNumber() throws {
        let session = try Fixture.session()
        var input = InputTranslator()
        input.deliver(.fingerDown(id: 9001, at: p), to: session, at: 0)
        input.deliver(.fingerDown(id: 42, at: p), to: session, at: 10)
        #expect(session.pointersDown == [1, 2])
        input.deliver(.fingerUp(id: 9001, at: p), to: session, at: 20)
        input.deliver(.fingerDown(id: 7, at: p), to: session, at: 30)
        #expect(session.pointersDown == [1, 2], "the new finger takes the number the first one freed")
        input.deliver(.focusLost, to: session, at: 40)
        #expect(session.pointersDown.isEmpty, "losing focus cancels every pointer")
        input.deliver(.fingerMove(id: 42, at: p), to: session, at: 50)
        #expect(session.pointersDown.isEmpty, "a finger cancelled is forgotten")
    }

    @Test func aKeyTypesIntoAnOpenFieldAndCtrlQQuitsEvenThere() throws {
        let session = try Fixture.session()
        var input = InputTranslator()
        input.deliver(.key(.character("g"), printable: "g", shift: false, control: false), to: session, at: 0)
        #expect(session.wantsTextInput, "g opens the go-to-page field")
        // Read in the same batch as the g: text input is not on yet, so the key types.
        input.deliver(.key(.character("q"), printable: "q", shift: false, control: false), to: session, at: 10)
        #expect(!session.quitRequested)
        input.deliver(.key(.character("q"), printable: "q", shift: false, control: true), to: session, at: 20)
        #expect(session.quitRequested)
    }

    @Test func textCountsOnlyWhileTextInputIsOnAndAKeyTypesUntilThen() throws {
        let session = try Fixture.session()
        var input = InputTranslator()
        input.deliver(.key(.character("g"), printable: "g", shift: false, control: false), to: session, at: 0)
        input.deliver(.text("7"), to: session, at: 10)  // text input still off: a platform sends none; dropped
        input.deliver(.key(.character("2"), printable: "2", shift: false, control: false), to: session, at: 20)
        #expect(input.syncTextInput(fieldOpen: session.wantsTextInput) == true)
        input.deliver(.key(.character("9"), printable: "9", shift: false, control: false), to: session, at: 25)
        #expect(input.syncTextInput(fieldOpen: session.wantsTextInput) == nil, "the platform is told once")
        input.deliver(.key(.enter, printable: nil, shift: false, control: false), to: session, at: 40)
        session.advance(to: 3000)
        #expect(session.page == 1, "page 2: the key typed 2, the stray 7 was dropped (\(session.pageCount) pages)")
    }
}

/// A script's steps as the events a person would cause (`ScriptedInput.events(for:pageSize:)`).
@Suite struct ScriptStepEventTests {
    let size = Size(width: 800, height: 1000)

    func events(_ script: String) throws -> [PlatformEvent] {
        var input = ScriptedInput()
        return try ReaderScript.parse(script).steps.flatMap { input.events(for: $0, pageSize: size) }
    }

    @Test func aPrintableKeyAlsoTypesItsCharacterShiftedWithShift() throws {
        #expect(try events("press g shift+a Return @0\n") == [
            .key(.character("g"), printable: "g", shift: false, control: false), .text("g"),
            .key(.character("a"), printable: "a", shift: true, control: false), .text("A"),
            .key(.enter, printable: nil, shift: false, control: false),
        ])
    }

    @Test func theEqualsKeyIsThePlusKeyThatTypesAnEqualsSign() throws {
        #expect(try events("press = plus @0\n") == [
            .key(.plus, printable: "=", shift: false, control: false), .text("="),
            .key(.plus, printable: "+", shift: false, control: false),
        ])
    }

    @Test func theMouseIsAtWholePixelsAndAnUpWithAPointMovesThereFirst() throws {
        #expect(try events("down 10.4 20.6 @0\nup 30.5 40 @10\n") == [
            .mouseDown(Point(x: 10, y: 21)), .mouseMove(Point(x: 31, y: 40)), .mouseUp(Point(x: 31, y: 40)),
        ])
        #expect(try events("down 100 250 @0 id=2\nup @10 id=2\n") == [
            .fingerDown(id: 2, at: Point(x: 100, y: 250)), .fingerUp(id: 2, at: Point(x: 100, y: 250)),
        ], "a finger lets go where it last was")
    }

    @Test func keyCommandsAndCancelAreWhatAKeyboardAndTheWindowSend() throws {
        #expect(try events("key next @0\nkey toolbars @10\ncancel @20\n") == [
            .key(.pageDown, printable: nil, shift: false, control: false),
            .key(.character("m"), printable: "m", shift: false, control: false),
            .focusLost,
        ])
    }
}
