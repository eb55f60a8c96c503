import Foundation
import PropertyBased
import Testing
@testable import ReaderState

@Suite("Random saves")
struct SavePropertyTests {
    /// Characters that stress JSON: quotes, backslashes, controls, NUL, CJK, emoji, combining marks.
    static let character = Gen<Character?>
        .element(of: Array("aZ 09\"\\/\n\t\r\u{0}\u{1F}é\u{301}中文紅樓夢📖👩‍👩‍👧ﬃ\u{FFFD}\u{2028}") as [Character])
        .map { $0! }
    static let text = character.string(of: 0...12)

    static let bookmark = zip(text, Gen.int(in: 0...Int.max), Gen.dateTime)
        .map { name, offset, created in Bookmark(name: name, offset: offset, created: created) }

    static let settings = zip(Gen.float(in: 1...300), text, text, text)
        .map { size, curl, theme, zones -> [String: JSONValue] in
            ["fontSize": .number(Double(size)), "curl": .string(curl), "theme": .string(theme), "zones": .string(zones)]
        }

    static let state = zip(Gen.int(in: 0...Int.max), bookmark.array(of: 0...6), settings, text.optional)
        .map { position, bookmarks, settings, title in
            BookState(position: position, bookmarks: bookmarks, settings: settings, title: title)
        }

    /// One save: which of three books, and what.
    static let save = zip(Gen.int(in: 0...2), state)

    @Test("after any sequence of saves, each book loads exactly as it was saved last")
    func lastSaveWins() async {
        await propertyCheck(count: 200, input: Self.save.array(of: 1...12)) { saves in
            let scratch = ScratchDirectory()
            // Swift may release a value after its last use: the folder must outlive the saves.
            defer { withExtendedLifetime(scratch) {} }
            let store = scratch.store()
            let keys = [BookKey.alice, .hongLou, BookKey(textDigest: 7)]
            var last: [BookKey: BookState] = [:]
            for (book, state) in saves {
                do {
                    try store.save(state, for: keys[book])
                } catch {
                    Issue.record("save failed: \(error)")
                }
                last[keys[book]] = state
            }
            for key in keys {
                if let expected = last[key] {
                    #expect(store.load(key) == .loaded(expected))
                } else {
                    #expect(store.load(key) == .fresh(BookState()))
                }
            }
        }
    }

    /// An add (offset, name) or a remove (index).
    static let edit = zip(Gen.bool, Gen.int(in: -2...40), text)

    @Test("bookmarks stay sorted by offset with no offset twice, through any adds and removes")
    func bookmarksStaySorted() async {
        await propertyCheck(count: 500, input: Self.edit.array(of: 0...40)) { edits in
            var state = BookState()
            var expected: [Int: String] = [:]
            for (isAdd, number, name) in edits {
                if isAdd {
                    state.addBookmark(name: name, offset: number, now: Date(timeIntervalSinceReferenceDate: 0))
                    expected[max(0, number)] = name
                } else if let removed = state.removeBookmark(at: number) {
                    expected[removed.offset] = nil
                }
            }
            let offsets = state.bookmarks.map(\.offset)
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
            #expect(Dictionary(uniqueKeysWithValues: state.bookmarks.map { ($0.offset, $0.name) }) == expected)
        }
    }
}
