import Foundation
import PropertyBased
import Testing
@testable import ReaderState

/// Two sessions on one book: what a save keeps of the bookmarks on disk (`BookmarkMerge`).
/// In each test "I" am the session saving, "they" the one that saved since I was last in step.
@Suite("Merging bookmarks on save")
struct BookmarkMergeTests {
    static let day = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func mark(_ offset: Int, _ name: String = "", minutes: Double = 0) -> Bookmark {
        Bookmark(name: name.isEmpty ? "at \(offset)" : name, offset: offset, created: day.addingTimeInterval(minutes * 60))
    }

    func merge(mine: [Bookmark], base: [Bookmark], theirs: [Bookmark]) -> [Bookmark] {
        BookmarkMerge.merge(mine: mine, base: base, theirs: theirs)
    }

    @Test("the bookmarks I added are kept, and so are those they added meanwhile")
    func bothAdditionsKept() {
        let base = [Self.mark(10)]
        let merged = merge(mine: [Self.mark(10), Self.mark(500)], base: base, theirs: [Self.mark(10), Self.mark(200)])
        #expect(merged == [Self.mark(10), Self.mark(200), Self.mark(500)])
    }

    @Test("a bookmark I removed stays removed, and so does one they removed")
    func bothRemovalsKept() {
        let base = [Self.mark(10), Self.mark(20), Self.mark(30)]
        let merged = merge(mine: [Self.mark(20), Self.mark(30)], base: base, theirs: [Self.mark(10), Self.mark(20)])
        #expect(merged == [Self.mark(20)])
    }

    @Test("a bookmark I did not touch is as they left it: renamed by them, their name")
    func theirRenameKept() {
        let base = [Self.mark(10, "Chapter 1")]
        let merged = merge(mine: base, base: base, theirs: [Self.mark(10, "The Rabbit-Hole")])
        #expect(merged == [Self.mark(10, "The Rabbit-Hole")])
    }

    @Test("a bookmark both renamed takes my name: the session that saves last wins")
    func bothRenamedMineWins() {
        let base = [Self.mark(10, "Chapter 1")]
        let merged = merge(mine: [Self.mark(10, "mine")], base: base, theirs: [Self.mark(10, "theirs")])
        #expect(merged == [Self.mark(10, "mine")])
    }

    @Test("a removal takes away only what it saw: a bookmark they renamed meanwhile is kept")
    func removalOfWhatTheyChangedKeepsTheirs() {
        let base = [Self.mark(10, "Chapter 1")]
        #expect(merge(mine: [], base: base, theirs: [Self.mark(10, "renamed")]) == [Self.mark(10, "renamed")])
    }

    @Test("a bookmark I renamed and they removed is kept, with my name")
    func renamedByMeRemovedByThem() {
        let base = [Self.mark(10, "Chapter 1")]
        #expect(merge(mine: [Self.mark(10, "mine")], base: base, theirs: []) == [Self.mark(10, "mine")])
    }

    @Test("both marking the same place make one bookmark, mine (a place has one bookmark)")
    func samePlaceOneBookmark() {
        let merged = merge(mine: [Self.mark(42, "mine", minutes: 5)], base: [], theirs: [Self.mark(42, "theirs", minutes: 1)])
        #expect(merged == [Self.mark(42, "mine", minutes: 5)])
    }

    @Test("the merged list is sorted by offset, one bookmark per offset, even from a file edited by hand")
    func sortedOnePerOffset() {
        let theirs = [Self.mark(300), Self.mark(5, "first"), Self.mark(5, "second"), Self.mark(100)]
        let merged = merge(mine: [Self.mark(200)], base: [], theirs: theirs)
        #expect(merged == [Self.mark(5, "first"), Self.mark(100), Self.mark(200), Self.mark(300)])
    }

    @Test("the position, settings and title are the saver's; only the bookmarks are merged")
    func restIsTheSavers() {
        let mine = BookState(position: 900, bookmarks: [Self.mark(1)], settings: ["fontSize": .number(30), "theme": .string("night")],
                             title: "Alice")
        let merged = mine.merged(onto: [Self.mark(2)], since: [])
        #expect(merged == BookState(position: 900, bookmarks: [Self.mark(1), Self.mark(2)],
                                    settings: ["fontSize": .number(30), "theme": .string("night")], title: "Alice"))
    }

    // MARK: - Properties

    /// Lists of up to 6 bookmarks on 8 places with 3 names: collisions are common.
    static let list = zip(Gen.int(in: 0...7), Gen.int(in: 0...2)).array(of: 0...6).map { pairs in
        Dictionary(pairs.map { ($0.0, Self.mark($0.0, "name \($0.1)")) }, uniquingKeysWith: { a, _ in a })
            .values.sorted { $0.offset < $1.offset }
    }

    @Test("merging again onto the result changes nothing")
    func idempotent() async {
        await propertyCheck(input: zip(Self.list, Self.list, Self.list)) { mine, base, theirs in
            let once = merge(mine: mine, base: base, theirs: theirs)
            #expect(merge(mine: mine, base: base, theirs: once) == once)
        }
    }

    @Test("when they changed nothing, the result is mine; when I changed nothing, it is theirs")
    func oneSideUnchanged() async {
        await propertyCheck(input: zip(Self.list, Self.list)) { changed, base in
            #expect(merge(mine: changed, base: base, theirs: base) == changed)
            #expect(merge(mine: base, base: base, theirs: changed) == changed)
        }
    }

    @Test("every bookmark I added is in the result, and none I removed (unless they changed it)")
    func myEditsApplied() async {
        await propertyCheck(input: zip(Self.list, Self.list, Self.list)) { mine, base, theirs in
            let merged = merge(mine: mine, base: base, theirs: theirs)
            for m in mine where !base.contains(m) {
                #expect(merged.contains(m))
            }
            for b in base where !mine.contains(where: { $0.offset == b.offset }) {
                let theirsThere = theirs.first { $0.offset == b.offset }
                #expect(merged.contains { $0.offset == b.offset } == (theirsThere != nil && theirsThere != b))
            }
        }
    }
}
