import PageTurner
import Reader
import ReaderTestSupport
import Testing

/// Taps on the shown toolbars reach their buttons through the turn machine: the machine says the
/// toolbars take the tap (`pressToolbar`) and where the pointer let go; the session presses the
/// button under that point.
@Suite struct ToolbarTapTests {
    /// A session with the toolbars shown, and the Go to… button's rectangle.
    func sessionWithToolbars(configure: (inout ReaderStart) -> Void = { _ in }) throws -> (ReaderSession, Rect) {
        let session = try Fixture.session(configure: configure)
        session.handle(.key(.character("m"), shift: false), at: 0)
        #expect(session.toolbarsShown)
        let buttons = Toolbars(zones: session.preferences.zones).buttons(size: session.pageSize)
        let goTo = try #require(buttons.first { $0.0 == .goTo }?.1)
        return (session, goTo)
    }

    @Test func theButtonUnderThePointWhereThePointerLetGoIsPressed() throws {
        let (session, goTo) = try sessionWithToolbars()
        // Down just left of the button (on the bar, on no button), up 7 px away on it: a tap.
        session.handle(.pointerDown(id: 0, at: Point(x: goTo.minX - 4, y: goTo.midY)), at: 500)
        session.handle(.pointerUp(id: 0, at: Point(x: goTo.minX + 3, y: goTo.midY)), at: 540)
        #expect(session.openPanel == "goTo")
    }

    @Test func anUpWithoutAPointPressesWhereThePointerLastMoved() throws {
        let (session, goTo) = try sessionWithToolbars()
        session.handle(.pointerDown(id: 0, at: Point(x: goTo.minX - 4, y: goTo.midY)), at: 500)
        session.handle(.pointerMove(id: 0, at: Point(x: goTo.minX + 2, y: goTo.midY)), at: 520)
        session.handle(.pointerUp(id: 0, at: nil), at: 540)
        #expect(session.openPanel == "goTo")
    }

    @Test func inABookReadRightToLeftTheButtonsRunFromTheRight() throws {
        let (session, goTo) = try sessionWithToolbars { $0.preferences.progression = .rightToLeft }
        #expect(session.scene.mirrorsChrome)
        let width = session.pageSize.width
        // Go to… is the first button of the row: at the left laid out, at the right drawn.
        session.handle(.pointerDown(id: 0, at: Point(x: width - goTo.midX, y: goTo.midY)), at: 500)
        session.handle(.pointerUp(id: 0, at: Point(x: width - goTo.midX, y: goTo.midY)), at: 540)
        #expect(session.openPanel == "goTo")
    }

    @Test func inABookReadRightToLeftTheLeftEndHoldsTheLastButtons() throws {
        let (session, goTo) = try sessionWithToolbars { $0.preferences.progression = .rightToLeft }
        // Where Go to… is laid out (the left end) the mirrored row has the theme button.
        let theme = session.preferences.theme
        session.handle(.pointerDown(id: 0, at: Point(x: goTo.midX, y: goTo.midY)), at: 500)
        session.handle(.pointerUp(id: 0, at: Point(x: goTo.midX, y: goTo.midY)), at: 540)
        #expect(session.openPanel == nil)
        #expect(session.preferences.theme != theme, "the theme button was pressed")
    }

    @Test func aTapBegunBeforeTheToolbarsShowedPressesTheMirroredButtonInABookReadRightToLeft() throws {
        let (session, goTo) = try sessionWithToolbars { $0.preferences.progression = .rightToLeft }
        session.handle(.key(.character("m"), shift: false), at: 300)
        #expect(!session.toolbarsShown)
        // Down with the bars hidden (the machine's pointer), the bars shown, up: the machine
        // reports a tap on them (`pressToolbar`) where the pointer let go.
        let drawn = Point(x: session.pageSize.width - goTo.midX, y: goTo.midY)
        session.handle(.pointerDown(id: 0, at: drawn), at: 1000)
        session.handle(.key(.character("m"), shift: false), at: 1010)
        session.handle(.pointerUp(id: 0, at: drawn), at: 1040)
        #expect(session.openPanel == "goTo")
    }

    @Test func aPanelReadsATapWhereItsMirroredButtonIsDrawn() throws {
        let session = try Fixture.session { $0.preferences.progression = .rightToLeft }
        session.handle(.key(.character("b"), shift: false), at: 0)
        #expect(session.openPanel == "bookmarks")
        let add = BookmarksPanel.layout(session.pageSize).add
        let drawn = Point(x: session.pageSize.width - add.midX, y: add.midY)
        session.handle(.pointerDown(id: 0, at: drawn), at: 500)
        session.handle(.pointerUp(id: 0, at: drawn), at: 540)
        #expect(session.bookmarks.count == 1, "the Add button, drawn at the left, was pressed")
    }

    @Test func aTapThatLetsGoOffTheButtonPressesNothing() throws {
        let (session, goTo) = try sessionWithToolbars()
        session.handle(.pointerDown(id: 0, at: Point(x: goTo.minX + 3, y: goTo.midY)), at: 500)
        session.handle(.pointerUp(id: 0, at: Point(x: goTo.minX - 4, y: goTo.midY)), at: 540)
        #expect(session.openPanel == nil)
        #expect(session.toolbarsShown, "a tap on the bars never hides them")
    }
}

private extension Rect {
    var midY: Double { y + height / 2 }
    var midX: Double { x + width / 2 }
}
