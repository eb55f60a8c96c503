import Pagination
import PropertyBased
import Testing

@Suite("Finding text in a book, case and accents aside")
struct BookSearchTests {
    func found(_ query: String, in text: String) throws -> [String] {
        let book = BookText(text)
        return try BookSearch(text: book).matches(of: query).map { book.string($0) }
    }

    @Test("case and accents aside, in Latin, Greek and Cyrillic letters")
    func folding() throws {
        #expect(try found("natasha", in: "said Natásha. NATASHA! natasha") == ["Natásha", "NATASHA", "natasha"])
        #expect(try found("Ete", in: "un été, l'ÉTÉ") == ["été", "ÉTÉ"])
        #expect(try found("ёлка", in: "Ёлка и елка") == ["Ёлка", "елка"])
        #expect(try found("λογος", in: "ὁ λόγος, Λόγος") == ["λόγος", "Λόγος"])
        // A decomposed accent (e + U+0301) is found as its precomposed form is.
        #expect(try found("cafe", in: "cafe\u{301} café") == ["cafe\u{301}", "café"])
    }

    @Test("Hebrew points and cantillation aside; Chinese and Japanese as written")
    func otherScripts() throws {
        #expect(try found("בראשית", in: "בְּרֵאשִׁ֖ית בָּרָ֣א") == ["בְּרֵאשִׁ֖ית"])
        #expect(try found("宝玉", in: "贾宝玉和林黛玉，宝玉笑道") == ["宝玉", "宝玉"])
        #expect(try found("ねこ", in: "吾輩はねこである。ネコ") == ["ねこ"])
    }

    @Test("white space in the query matches any white space in the text, a line break too")
    func spaces() throws {
        #expect(try found("white  rabbit", in: "the White\nRabbit ran; white rabbits") == ["White\nRabbit", "white rabbit"])
    }

    @Test("matches do not overlap, and come in order with their exact ranges")
    func ranges() throws {
        let book = BookText("aaaa ba")
        #expect(try BookSearch(text: book).matches(of: "aa") == [0..<2, 2..<4])
    }

    @Test("an empty search and one of more than a thousand characters are refused, in words")
    func refused() throws {
        let search = BookSearch(text: BookText("text"))
        #expect(throws: BookSearch.Refusal.empty) { try search.matches(of: " \u{301} ") }
        #expect(throws: BookSearch.Refusal.tooLong(1001)) { try search.matches(of: String(repeating: "a", count: 1001)) }
        #expect(try search.matches(of: "nothing like it").isEmpty)
    }

    @Test("every match found is the query, folded; and each occurrence put in a text is found")
    func property() async {
        await propertyCheck(count: 60, input: zip(Gen.int(in: 0...40), Gen.int(in: 1...5))) { gap, count in
            let filler = String(repeating: "x ", count: gap)
            let text = (0..<count).map { _ in filler + "Mötley" }.joined(separator: " ")
            let book = BookText(text)
            let matches: [Range<Int>]
            do { matches = try BookSearch(text: book).matches(of: "motley") } catch {
                Issue.record("refused: \(error)")
                return
            }
            #expect(matches.count == count)
            #expect(matches.allSatisfy { book.string($0) == "Mötley" })
        }
    }
}
