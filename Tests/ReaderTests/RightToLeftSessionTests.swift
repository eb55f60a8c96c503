import Foundation
import PageTurner
import Pagination
import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// A book read right to left: the next page comes from the left, by drag, tap and key, and
/// the choice is kept with the book. (The picture: `RightToLeftTests` in RenderingTests.)
@Suite struct RightToLeftSessionTests {
    /// A session on the sample book reading `progression`, open at the start of `page`.
    static func session(_ progression: PageProgression, page: Int = 0) throws -> ReaderSession {
        let offset = page == 0 ? 0 : try Fixture.session().layout.range(ofPage: page).lowerBound
        return try Fixture.session { start in
            start.preferences.progression = progression
            start.position = offset
        }
    }

    /// Plays `script` as the event loop would deliver it; the page after each step, by line.
        static func play(_ session: ReaderSession, _ script: String) throws -> [Int: Int] {
            var pages: [Int: Int] = [:]
            ScriptedInput.play(try ReaderScript.parse(script), on: session) { pages[$0.line] = session.page }
            return pages
        }

    // MARK: - Turning

    static let dragFromTheLeftEdge = """
        down 40 500 @0
        move 60 502 @20
        move 200 505 @60
        move 380 510 @100
        up @120
        tick @1000
        """

    @Test(arguments: [
        (PageProgression.rightToLeft, 0, 1), (.rightToLeft, 3, 4),  // forward
        (.leftToRight, 0, 0), (.leftToRight, 3, 2),                 // the first page's boundary; back
    ])
    func aDragFromTheLeftEdgeRightwardsTurnsForwardOnlyRightToLeft(progression: PageProgression, from: Int, to: Int) throws {
        let session = try Self.session(progression, page: from)
        #expect(session.page == from)
        let pages = try Self.play(session, Self.dragFromTheLeftEdge)
        #expect(pages[6] == to)
        #expect(session.position == session.layout.range(ofPage: to).lowerBound)
    }

    @Test(arguments: [
        (PageProgression.rightToLeft, 50.0, 0, 1), (.rightToLeft, 750, 3, 2),
        (.leftToRight, 50, 0, 0), (.leftToRight, 750, 3, 4),
    ])
    func aTapOnTheLeftQuarterGoesForwardRightToLeft(progression: PageProgression, x: Double, from: Int, to: Int) throws {
        let session = try Self.session(progression, page: from)
        session.handle(.pointerDown(id: 0, at: Point(x: x, y: 500)), at: 0)
        session.handle(.pointerUp(id: 0, at: Point(x: x, y: 500)), at: 60)
        session.advance(to: 1000)
        #expect(session.page == to)
        #expect(!session.toolbarsShown)
    }

    @Test(arguments: [(PageProgression.rightToLeft, [1, 2, 1, 2]), (.leftToRight, [0, 1, 2, 3])])
    func leftPointsForwardRightToLeftAndThePageKeysKeepTheirSense(progression: PageProgression, expected: [Int]) throws {
        let session = try Self.session(progression)
        let pages = try Self.play(session, """
            press Left @0
            tick @600
            key next @700
            tick @1300
            press Right @1400
            tick @2000
            press Space @2100
            tick @2700
            """)
        #expect([2, 4, 6, 8].map { pages[$0] } == expected)
    }

    @Test func changingTheProgressionDropsATurnUnderAFinger() throws {
        let session = try Self.session(.leftToRight, page: 1)
        session.handle(.pointerDown(id: 1, at: Point(x: 760, y: 500)), at: 0)
        session.handle(.pointerMove(id: 1, at: Point(x: 600, y: 505)), at: 40)
        session.handle(.pointerMove(id: 1, at: Point(x: 420, y: 510)), at: 80)
        #expect(session.machine.phase == .dragging)
        session.setProgression(.rightToLeft)
        #expect(session.machine.isAtRest)
        #expect(session.machine.config.rightToLeft)
        session.handle(.pointerUp(id: 1, at: Point(x: 400, y: 510)), at: 120)
        session.advance(to: 1000)
        #expect(session.page == 1, "nothing turned")
    }

    // MARK: - Kept with the book

    static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")
    }

    @Test func theProgressionIsSavedWithTheBookAndComesBack() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)
        let first = try Fixture.session()
        let keeper = SessionPersistence(store: store, book: first.book)
        keeper.attach(to: first)
        first.setProgression(.rightToLeft)
        keeper.flush()
        let saved = try String(contentsOf: store.fileURL(for: keeper.key), encoding: .utf8)
        #expect(saved.contains(#""progression":"rtl""#), "saved when it changed: \(saved)")

        let second = try Fixture.session { SessionPersistence(store: store, book: try! Fixture.book()).load(into: &$0) }
        #expect(second.preferences.progression == .rightToLeft)
        #expect(second.machine.config.rightToLeft, "it reaches the machine")
        let overridden = try Fixture.session {
            SessionPersistence(store: store, book: try! Fixture.book()).load(into: &$0) { $0.progression = .leftToRight }
        }
        #expect(overridden.preferences.progression == .leftToRight, "a choice given at launch wins over the saved one")
    }

    @Test(arguments: [
        #"{"format":1,"position":2000,"settings":{"curl":"slide","fontSize":20,"theme":"night","zones":"default"}}"#,
        #"{"format":1,"position":2000,"settings":{"curl":"slide","fontSize":20,"theme":"night","progression":"ttb"}}"#,
    ])
    func aStateWithoutAKnownProgressionOpensLeftToRight(json: String) throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)
        let keeper = SessionPersistence(store: store, book: try Fixture.book())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: store.fileURL(for: keeper.key))
        let reports = Reports()
        keeper.report = reports.append
        let session = try Fixture.session { keeper.load(into: &$0) }
        #expect(reports.lines.isEmpty, "read as it is, not set aside")
        #expect(session.preferences.curl == .slide && session.preferences.theme == .night, "the rest was loaded")
        #expect(session.preferences.progression == .leftToRight)
        #expect(!session.machine.config.rightToLeft)
    }
}
