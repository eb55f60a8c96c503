import Foundation
import PageTurner
import Pagination
import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// The content language in the reader: detected once per book, chosen and saved per book,
/// and part of every layout.
@Suite struct LanguageSessionTests {
    static let japanese = Book(text: BookText(String(repeating: "吾輩は猫である。名前はまだ無い。時々〜\n", count: 40)),
                               title: "猫")

    static func session(_ book: Book, configure: (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        configure(&start)
        return ReaderSession(book: book, fonts: try Fixture.fonts(), pageSize: Size(width: 600, height: 800), start: start)
    }

    @Test func withoutAChoiceTheBooksOwnLanguageLaysItOut() throws {
        #expect(Self.japanese.language == .japanese)
        let session = try Self.session(Self.japanese)
        #expect(session.contentLanguage == .japanese)
        #expect(session.layout.settings.language == .japanese)
        let english = try Fixture.session()
        #expect(english.book.language?.tag == "en" && english.layout.settings.language?.tag == "en")
    }

    @Test func aChoiceWinsAndReachesTheLayoutAgainAfterAChange() throws {
        let session = try Self.session(Self.japanese) { $0.preferences.language = ContentLanguage(tag: "ko") }
        #expect(session.layout.settings.language == .korean)
        session.setLanguage(.chinese)
        session.advance(to: 10_000)
        #expect(session.layout.settings.language == .chinese)
        session.setLanguage(nil)
        session.advance(to: 20_000)
        #expect(session.layout.settings.language == .japanese, "nil goes back to the detected language")
    }

    @Test func theChoiceIsSavedWithTheBookAndComesBack() throws {
        let folder = StateFolder()
        let store = folder.store
        let first = try Self.session(Self.japanese)
        let keeper = SessionPersistence(store: store, book: first.book)
        keeper.attach(to: first)
        first.setLanguage(ContentLanguage(tag: "zh-hant"))
        keeper.flush()
        let saved = try String(contentsOf: store.fileURL(for: keeper.key), encoding: .utf8)
        #expect(saved.contains(#""language":"zh-Hant""#), "saved: \(saved)")

        let second = try Self.session(Self.japanese) { SessionPersistence(store: store, book: Self.japanese).load(into: &$0) }
        #expect(second.contentLanguage?.tag == "zh-Hant")
        let overridden = try Self.session(Self.japanese) {
            SessionPersistence(store: store, book: Self.japanese).load(into: &$0) { $0.language = nil }
        }
        #expect(overridden.contentLanguage == .japanese, "--lang auto at launch: the detected one again")
    }

    @Test(arguments: [
        #"{"format":1,"position":0,"settings":{"curl":"slide","fontSize":20,"theme":"night","zones":"default"}}"#,
        #"{"format":1,"position":0,"settings":{"fontSize":20,"language":"auto"}}"#,
        #"{"format":1,"position":0,"settings":{"fontSize":20,"language":"not a tag"}}"#,
    ])
    func aStateWithoutAKnownLanguageUsesTheDetectedOne(json: String) throws {
        let folder = StateFolder()
        let keeper = SessionPersistence(store: folder.store, book: Self.japanese)
        try folder.plant(Data(json.utf8), for: keeper.key)
        let session = try Self.session(Self.japanese) { keeper.load(into: &$0) }
        #expect(session.preferences.language == nil)
        #expect(session.contentLanguage == .japanese)
        // A tag this version cannot read is written back as it was, for the version that wrote it.
        let written = json.contains("not a tag") ? "not a tag" : "auto"
        #expect(SessionPersistence.state(of: session).settings["language"] == .string(written))
    }
}
