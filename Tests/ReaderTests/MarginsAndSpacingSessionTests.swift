import Foundation
import PageTurner
import Pagination
@testable import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// Margins and line spacing in the reader: the toolbar's buttons cycle them, every layout uses
/// them, the place is kept when they change, and they are saved with the book.
@Suite struct MarginsAndSpacingSessionTests {
    static func session(configure: (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
        try Fixture.session(width: 500, height: 700, configure: configure)
    }

    @Test func theSpacingButtonCyclesTheLineSpacingAndKeepsThePlace() throws {
        let session = try Self.session()
        session.jump(toPage: 5)
        session.advance(to: 10_000)
        let position = session.position
        #expect(session.layout.settings.lineHeight == (session.preferences.fontSize * 1.5).rounded())
        session.press(.spacing)
        session.advance(to: 20_000)
        #expect(session.preferences.lineSpacing == 1.75)
        #expect(session.layout.settings.lineHeight == (session.preferences.fontSize * 1.75).rounded())
        #expect(session.layout.range(ofPage: session.page).contains(position), "the page shown still holds the place")
        for _ in 0..<4 { session.press(.spacing) }
        #expect(session.preferences.lineSpacing == 1.5, "after 2 comes 1.2, then back round")
    }

    @Test func theMarginsButtonWidensTheMarginsAndKeepsThePlace() throws {
        let session = try Self.session()
        session.jump(toPage: 3)
        session.advance(to: 10_000)
        let position = session.position
        let normal = session.layout.settings.margin
        session.press(.margins)
        session.advance(to: 20_000)
        #expect(session.preferences.margins == .wide && session.layout.settings.margin > normal)
        #expect(session.layout.range(ofPage: session.page).contains(position))
        session.press(.margins)
        session.advance(to: 30_000)
        #expect(session.preferences.margins == .narrow && session.layout.settings.margin < normal)
    }

    @Test func bothAreSavedWithTheBookAndOptionsWin() throws {
        let folder = StateFolder()
        let store = folder.store
        let first = try Self.session()
        let keeper = SessionPersistence(store: store, book: first.book)
        keeper.attach(to: first)
        first.setMargins(.narrow)
        first.setLineSpacing(1.2)
        keeper.flush()
        let saved = try String(contentsOf: store.fileURL(for: keeper.key), encoding: .utf8)
        #expect(saved.contains(#""margins":"narrow""#) && saved.contains(#""lineSpacing":1.2"#), "saved: \(saved)")
        let second = try Self.session { SessionPersistence(store: store, book: first.book).load(into: &$0) }
        #expect(second.preferences.margins == .narrow && second.preferences.lineSpacing == 1.2)
        #expect(second.layout.settings.lineHeight == (second.preferences.fontSize * 1.2).rounded())
        let overridden = try Self.session {
            SessionPersistence(store: store, book: first.book).load(into: &$0) { $0.lineSpacing = 2 }
        }
        #expect(overridden.layout.settings.lineHeight == (overridden.preferences.fontSize * 2).rounded(),
                "--line-spacing at launch wins over the saved choice")
    }
}
