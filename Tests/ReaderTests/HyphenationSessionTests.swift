import Foundation
import PageTurner
import Pagination
import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// Hyphenation in the reader: on by default, turned off and on with `h`, part of every
/// layout, and saved with the book.
@Suite struct HyphenationSessionTests {
    static func session(configure: (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
        try Fixture.session(width: 500, height: 700, configure: configure)
    }

    func hyphenatedLines(_ session: ReaderSession) -> Int {
        (0..<min(session.pageCount, 4)).reduce(0) { count, page in
            count + session.layout.pageLayout(page).lines.filter(\.hyphenated).count
        }
    }

    @Test func anEnglishBookIsHyphenatedUntilHTurnsItOff() throws {
        let session = try Self.session()
        #expect(session.layout.settings.hyphenation)
        #expect(hyphenatedLines(session) > 0)
        session.handle(.key(.character("h"), shift: false), at: 100)
        session.advance(to: 10_000)
        #expect(!session.preferences.hyphenation && !session.layout.settings.hyphenation)
        #expect(hyphenatedLines(session) == 0)
        session.handle(.key(.character("h"), shift: false), at: 10_100)
        session.advance(to: 20_000)
        #expect(session.layout.settings.hyphenation && hyphenatedLines(session) > 0)
    }

    @Test func theChoiceIsSavedWithTheBookAndComesBack() throws {
        let folder = StateFolder()
        let store = folder.store
        let first = try Self.session()
        let keeper = SessionPersistence(store: store, book: first.book)
        keeper.attach(to: first)
        first.setHyphenation(false)
        keeper.flush()
        let saved = try String(contentsOf: store.fileURL(for: keeper.key), encoding: .utf8)
        #expect(saved.contains(#""hyphenate":"off""#), "saved: \(saved)")
        let second = try Self.session { SessionPersistence(store: store, book: first.book).load(into: &$0) }
        #expect(!second.preferences.hyphenation && !second.layout.settings.hyphenation)
        let overridden = try Self.session {
            SessionPersistence(store: store, book: first.book).load(into: &$0) { $0.hyphenation = true }
        }
        #expect(overridden.layout.settings.hyphenation, "--hyphenate auto at launch wins over the saved choice")
    }
}
